// Whether two values read from the replica hold the same data (plain objects, arrays and primitives, as
// IndexedDB hands rows back): a live query's new answer can then keep the objects of the one before, so
// memoised parts re-render only where something changed.

export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((value, index) => sameData(value, b[index]))
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  return keys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && sameData(left[key], right[key]))
}

/** `next` with each element that equals the previous answer's element of the same key replaced by that
 * very object (and `previous` itself when nothing changed at all). */
export function keepUnchanged<T>(previous: readonly T[] | undefined, next: T[], keyOf: (value: T) => string): T[] {
  if (!previous) return next
  const before = new Map(previous.map((value) => [keyOf(value), value]))
  let changed = next.length !== previous.length
  const kept = next.map((value, index) => {
    const old = before.get(keyOf(value))
    if (old !== undefined && sameData(old, value)) {
      if (previous[index] !== old) changed = true
      return old
    }
    changed = true
    return value
  })
  return changed ? kept : (previous as T[])
}
