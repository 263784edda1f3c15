// Undo and redo as ordinary mutations: through `mutate()`, so the replica changes at once, the server
// call waits in the outbox (offline too) and a refusal lands in the failed changes like any other. A
// step someone else's change has overtaken is dropped and reported, and the next one is tried, so one
// press always does the one thing the button named, or says why it could not.
import { messages } from '@/lib/messages'
import type { MooriDB } from '../db'
import type { Replica } from '../replica'
import { mutate } from '../mutations/mutate'
import { dropStep, moveStep, topStep, type Stack } from './history'
import { decide, type Direction, type SkipReason, type UndoStep } from './undoCore'
import { stepWrite } from './undoOps'

interface Skipped {
  step: UndoStep
  reason: SkipReason
}

export interface StepOutcome {
  /** The step taken, or null when none could be. */
  taken: UndoStep | null
  /** Steps dropped on the way because someone else changed their row since. */
  skipped: Skipped[]
}

const stackFor: Record<Direction, { from: Stack; to: Stack }> = {
  undo: { from: 'undo', to: 'redo' },
  redo: { from: 'redo', to: 'undo' },
}

function rowTable(db: MooriDB, step: UndoStep) {
  return db.table<Record<string, unknown>, string>(step.table)
}

export function undo(replica: Replica, wallId: string): Promise<StepOutcome> {
  return takeStep(replica, wallId, 'undo')
}

export function redo(replica: Replica, wallId: string): Promise<StepOutcome> {
  return takeStep(replica, wallId, 'redo')
}

async function takeStep(replica: Replica, wallId: string, direction: Direction): Promise<StepOutcome> {
  const { db } = replica
  const { from, to } = stackFor[direction]
  return mutate(replica, [db.undoSteps, db.walls, db.polaroids, db.stickers], async ({ queue }) => {
    const skipped: Skipped[] = []
    for (;;) {
      const stored = await topStep(db, wallId, from)
      if (!stored) return { taken: null, skipped }
      const { step } = stored
      const table = rowTable(db, step)
      const decision = decide(step, direction, await table.get(step.rowId))
      if (!decision.ok) {
        skipped.push({ step, reason: decision.reason })
        await dropStep(db, stored)
        continue
      }
      const write = stepWrite(step, direction)
      if (write.replica.kind === 'remove') await table.delete(step.rowId)
      else if (write.replica.kind === 'put') await table.put(write.replica.row)
      else await table.update(step.rowId, write.replica.patch)
      queue({
        table: step.table,
        rowId: step.rowId,
        fields: write.fields,
        op: write.op,
        failureMessage: direction === 'undo' ? messages.undoFailed : messages.redoFailed,
        ...(write.removes ? { removes: true } : {}),
      })
      await moveStep(db, stored, to)
      return { taken: step, skipped }
    }
  })
}
