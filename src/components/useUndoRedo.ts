// Undo and redo on a wall for its controls, its keyboard shortcuts and the delete toast: takes the
// step, and tells the user about steps skipped because someone else changed their card since. The
// history itself (what the buttons are named) is read by the buttons alone (useUndoHistory): held here,
// every drop's new step re-rendered the whole wall page.
import { useCallback, useMemo } from 'react'
import { useReplica } from '@/data/ReplicaContext'
import { redo as redoStep, undo as undoStep, type StepOutcome } from '@/data/undo/undoRedo'
import { skippedMessage } from '@/data/undo/describeStep'
import { fillMessage, messages } from '@/lib/messages'
import { useToast } from './Toasts'

export interface UndoRedo {
  undo: () => Promise<void>
  redo: () => Promise<void>
  /** After a delete: the spec's confirmation is shown by the caller; this toast names what went and
   * offers Undo. */
  announceDelete: (title: string) => void
}

export function useUndoRedo(wallId: string): UndoRedo {
  const replica = useReplica()
  const toast = useToast()

  const take = useCallback(
    async (step: typeof undoStep) => {
      let outcome: StepOutcome
      try {
        outcome = await step(replica, wallId)
      } catch (error) {
        console.error('Undo or redo failed', error)
        toast.error(error instanceof Error ? error.message : String(error))
        return
      }
      for (const { step: skipped, reason } of outcome.skipped) toast.show(skippedMessage(skipped, reason))
    },
    [replica, toast, wallId],
  )

  const undo = useCallback(() => take(undoStep), [take])
  const redo = useCallback(() => take(redoStep), [take])
  const announceDelete = useCallback(
    (title: string) =>
      toast.show(fillMessage(messages.itemDeleted, { title }), {
        action: { label: messages.undoButton, onSelect: () => void undo() },
      }),
    [toast, undo],
  )
  return useMemo(() => ({ undo, redo, announceDelete }), [undo, redo, announceDelete])
}
