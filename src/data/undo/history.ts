// Where a user's undo and redo steps live: on the device, in the replica's own database (one per
// user, deleted at sign-out), per wall, so the history survives reloads and works offline. Steps are
// recorded inside the mutation's transaction, so a change and its step commit together.
import Dexie from 'dexie'
import type { MooriDB } from '../db'
import type { UndoStep } from './undoCore'

export type Stack = 'undo' | 'redo'

export interface StoredStep {
  /** Auto-increment: the newest step of a stack has the highest. */
  seq?: number
  wallId: string
  stack: Stack
  step: UndoStep
}

/** The most steps kept per wall; older ones are dropped. */
const HISTORY_LIMIT = 200

const rangeOf = (wallId: string, stack: Stack) =>
  [
    [wallId, stack, Dexie.minKey],
    [wallId, stack, Dexie.maxKey],
  ] as const

function stackOf(db: MooriDB, wallId: string, stack: Stack) {
  const [from, to] = rangeOf(wallId, stack)
  return db.undoSteps.where('[wallId+stack+seq]').between(from, to)
}

/** A new local change: on top of the undo stack, and the redo stack is gone (as in every editor).
 * Must run inside a rw transaction that includes `db.undoSteps`. */
export async function recordStep(db: MooriDB, step: UndoStep): Promise<void> {
  // Sent together: a transaction runs its requests in order, so the count includes the new step.
  const [, , count] = await Promise.all([
    db.undoSteps.add({ wallId: step.wallId, stack: 'undo', step }),
    stackOf(db, step.wallId, 'redo').delete(),
    stackOf(db, step.wallId, 'undo').count(),
  ])
  if (count > HISTORY_LIMIT) {
    const old = await stackOf(db, step.wallId, 'undo').limit(count - HISTORY_LIMIT).primaryKeys()
    await db.undoSteps.bulkDelete(old)
  }
}

/** The step an undo or redo would take next, or undefined when there is none. */
export function topStep(db: MooriDB, wallId: string, stack: Stack): Promise<StoredStep | undefined> {
  return stackOf(db, wallId, stack).last()
}

/** Moves a taken step to the other stack (an undo becomes redoable, and back). */
export async function moveStep(db: MooriDB, stored: StoredStep, to: Stack): Promise<void> {
  if (stored.seq !== undefined) await db.undoSteps.delete(stored.seq)
  await db.undoSteps.add({ wallId: stored.wallId, stack: to, step: stored.step })
}

/** Drops a step that can no longer be taken. */
export async function dropStep(db: MooriDB, stored: StoredStep): Promise<void> {
  if (stored.seq !== undefined) await db.undoSteps.delete(stored.seq)
}
