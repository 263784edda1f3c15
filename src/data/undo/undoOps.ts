// What taking a step writes: the replica's side (remove the row, put it back whole, or patch its
// watched fields) and the server's, one `apply_undo` call that checks the row still holds what the
// device expected before it writes. The server re-checks what the device checked, so an undo made
// offline never overwrites a change someone made meanwhile: it is refused and the replica follows.
import type { PushOp } from '../model/outbox'
import { snake } from '../model/mapping'
import { serverTableOf } from '../model/tables'
import { watchedValues, type Direction, type RowState, type UndoStep } from './undoCore'

type ReplicaWrite =
  | { kind: 'remove' }
  | { kind: 'put'; row: Record<string, unknown> }
  | { kind: 'patch'; patch: Record<string, unknown> }

export interface StepWrite {
  replica: ReplicaWrite
  op: PushOp
  /** Replica fields the waiting change sets (pulls leave them alone until it is pushed). */
  fields: string[]
  removes: boolean
}

/** The server's side of a row state: its watched columns, and whether it is deleted. */
function serverState(state: RowState): Record<string, unknown> {
  if (state.absent) return { deleted: true }
  const out: Record<string, unknown> = { deleted: false }
  for (const [field, value] of Object.entries(watchedValues(state))) out[snake(field)] = value
  return out
}

export function stepWrite(step: UndoStep, direction: Direction): StepWrite {
  const expected = direction === 'undo' ? step.after : step.before
  const target = direction === 'undo' ? step.before : step.after
  // A row coming back is lifted out of its tombstone as the server kept it: the device's copy may be
  // older than someone's last move before the delete, and must not overwrite it.
  const set = expected.absent ? { deleted: false } : serverState(target)
  const op: PushOp = {
    op: 'call',
    fn: 'apply_undo',
    args: { p_table: serverTableOf[step.table], p_id: step.rowId, p_expect: serverState(expected), p_set: set },
  }
  if (target.absent) return { replica: { kind: 'remove' }, op, fields: [], removes: true }
  if (expected.absent) {
    const row = { ...target.values }
    return { replica: { kind: 'put', row }, op, fields: Object.keys(row), removes: false }
  }
  const patch = watchedValues(target)
  return { replica: { kind: 'patch', patch }, op, fields: Object.keys(patch), removes: false }
}
