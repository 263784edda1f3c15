// The next step an undo and a redo would take on a wall, live: the buttons' state and names follow
// every change of the user's history (here, in another tab, or after a reload).
import { useLiveQuery } from 'dexie-react-hooks'
import { useReplica } from '../ReplicaContext'
import { topStep } from '../undo/history'
import type { UndoStep } from '../undo/undoCore'

export interface UndoHistory {
  undo: UndoStep | undefined
  redo: UndoStep | undefined
}

const EMPTY: UndoHistory = { undo: undefined, redo: undefined }

export function useUndoHistory(wallId: string): UndoHistory {
  const { db } = useReplica()
  return (
    useLiveQuery(
      // One transaction for both tops: each drop runs this again.
      () =>
        db.transaction('r', db.undoSteps, async () => {
          const [undo, redo] = await Promise.all([topStep(db, wallId, 'undo'), topStep(db, wallId, 'redo')])
          return { undo: undo?.step, redo: redo?.step }
        }),
      [db, wallId],
    ) ?? EMPTY
  )
}
