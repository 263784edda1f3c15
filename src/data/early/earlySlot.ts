// One early answer: what a screen can show before the replica has answered for it (the boot script's
// read of the replica, or its request to the server on a first visit). Every kind of early answer is
// kept the same way, so a new one (a stored snapshot of the last screen) is one more slot, not one more
// copy of this code. A slot waits for one key at a time: the boot script reads for one screen.

/** What an answer is for: flat named strings, e.g. the replica's database name and a wall id. */
export type EarlyKey = Readonly<Record<string, string>>

export interface EarlySlot<Key extends EarlyKey, Value> {
  /** From now on the slot waits for `key`'s answer; whatever it held before is let go. */
  expect(key: Key): void
  /** `key`'s answer has come: kept, and handed to whoever follows it. Ignored when the slot does not
   * wait for `key` (another screen's, or one let go: a late answer must not come back). */
  answer(key: Key, value: Value): void
  /** `key`'s answer, once it has come (and until it is let go). */
  get(key: Key): Value | undefined
  /** What the slot holds now, whatever its key (undefined `value`: not come yet). */
  held(): { key: Key; value: Value | undefined } | undefined
  /** Calls `listener` with `key`'s answer: at once if it is in, else when it comes. Returns the
   * unsubscribe function; nothing is called when the slot does not wait for `key`. */
  subscribe(key: Key, listener: (value: Value) => void): () => void
  /** `key`'s early answer is no longer used (the replica has answered for it, or the screen is shown
   * and the replica serves it): let go, with its listeners, and an answer that comes later ignored. */
  release(key: Key): void
  /** Lets go of whatever the slot holds (a boot read with no answer of this kind). */
  clear(): void
}

/** A text that is the same for equal keys, whatever the order of their fields (for effects' deps). */
export function keyText(key: EarlyKey): string {
  return JSON.stringify(Object.entries(key).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

interface Held<Key, Value> {
  key: Key
  text: string
  value?: Value
  listeners: Set<(value: Value) => void>
}

/** An empty slot; `Value` excludes undefined, which means "not come yet". */
export function earlySlot<Key extends EarlyKey, Value extends object | string | number | boolean | null>(): EarlySlot<Key, Value> {
  let held: Held<Key, Value> | null = null
  const waitingFor = (key: Key): Held<Key, Value> | null => (held?.text === keyText(key) ? held : null)
  return {
    expect(key) {
      held = { key, text: keyText(key), listeners: new Set() }
    },
    answer(key, value) {
      const current = waitingFor(key)
      if (!current) return
      current.value = value
      for (const listener of [...current.listeners]) listener(value)
    },
    get(key) {
      return waitingFor(key)?.value
    },
    held() {
      return held ? { key: held.key, value: held.value } : undefined
    },
    subscribe(key, listener) {
      const current = waitingFor(key)
      if (!current) return () => {}
      current.listeners.add(listener)
      if (current.value !== undefined) listener(current.value)
      return () => current.listeners.delete(listener)
    },
    release(key) {
      if (waitingFor(key)) held = null
    },
    clear() {
      held = null
    },
  }
}
