// The pure core of undo and redo (issue 24): a step is what one local change did to one row, kept as the
// values before and after it. Undo writes `before` back only where the row still holds `after`; redo
// writes `after` only where it still holds `before`. Anything else means someone changed the row since,
// and the step is skipped rather than overwriting their work. No Dexie, no network: property-tested.

/** The tables a wall's undo touches, by their replica names. */
export type UndoTable = 'polaroids' | 'stickers' | 'walls'

/** The fields a step may watch and write (replica names); everything else on a row is fixed. */
export const WATCHED_FIELDS = ['x', 'y', 'zIndex', 'name', 'message', 'description', 'private'] as const

/** A row's state for undo: absent (never added, or deleted), or present with these values. For an item
 * that must come back (undo of a delete, redo of an add) it holds the whole row. */
export type RowState = { absent: true } | { absent?: false; values: Record<string, unknown> }

export type StepKind = 'move' | 'add' | 'delete' | 'edit' | 'rename' | 'describe' | 'privacy'

export interface UndoStep {
  wallId: string
  table: UndoTable
  rowId: string
  kind: StepKind
  /** What the user calls the thing, for "Undo move of 'Sage slip dress'". */
  title: string
  before: RowState
  after: RowState
}

export type Direction = 'undo' | 'redo'

/** Why a step could not be taken: the row changed since, or is gone. */
export type SkipReason = 'changed' | 'deleted' | 'restored'

export type Decision = { ok: true; write: RowState } | { ok: false; reason: SkipReason }

/** The watched fields of `expected` that `current` does not hold. */
function differs(expected: Record<string, unknown>, current: Record<string, unknown>): boolean {
  return WATCHED_FIELDS.some((field) => field in expected && !sameValue(expected[field], current[field]))
}

function sameValue(a: unknown, b: unknown): boolean {
  // Server and replica may spell "no description" as null or ''.
  if ((a === null || a === '') && (b === null || b === '')) return true
  return Object.is(a, b)
}

/** Whether the step may be taken now, given the row as it is, and what to write if so. */
export function decide(step: UndoStep, direction: Direction, current: Record<string, unknown> | undefined): Decision {
  const expected = direction === 'undo' ? step.after : step.before
  const write = direction === 'undo' ? step.before : step.after
  if (expected.absent) {
    // The row should be gone (undo of a delete, redo of an add): someone brought it back meanwhile.
    return current ? { ok: false, reason: 'restored' } : { ok: true, write }
  }
  if (!current) return { ok: false, reason: 'deleted' }
  if (differs(expected.values, current)) return { ok: false, reason: 'changed' }
  return { ok: true, write }
}

/** The watched fields a write sets on a present row (for an update or the server's compare-and-set). */
export function watchedValues(state: RowState): Record<string, unknown> {
  if (state.absent) return {}
  const out: Record<string, unknown> = {}
  for (const field of WATCHED_FIELDS) if (field in state.values) out[field] = state.values[field]
  return out
}
