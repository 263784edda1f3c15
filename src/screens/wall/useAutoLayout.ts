// The owner's automatic layout on first display (spec §2, §4): polaroids still at (0,0) are spread
// over a grid sized to the window and saved like moves. Runs once per visit, when the items are known.
import { useEffect, useRef } from 'react'
import { useWallItemsSelect, type WallItem, type WallItemsStore } from '@/data/queries/useWallItems'
import { movePolaroid } from '@/data/mutations/polaroids'
import { useReplica } from '@/data/ReplicaContext'
import { autoLayout, isAtOrigin } from '@/lib/autoLayout'
import { useToast } from '@/components/Toasts'

const LAYOUT_FAILED = 'Could not save the initial layout. Please try refreshing the page.'

const countOf = (items: WallItem[] | undefined) => items?.length

/** `ready`: the wall's items have been pulled at least once, so the list is the real one. Follows the
 * number of items only (read from the store when it acts), so moves do not re-render the page. */
export function useAutoLayout(store: WallItemsStore, isOwner: boolean, ready: boolean, uploading: boolean): void {
  const replica = useReplica()
  const count = useWallItemsSelect(store, countOf)
  const toast = useToast()
  const done = useRef(false)
  // The owner's own upload on an empty wall lands where new cards land, and stays there.
  if (uploading) done.current = true

  useEffect(() => {
    // An empty list right after the first pull may simply not have been read yet: wait for items.
    const items = store.getSnapshot()
    if (done.current || !count || !items || !isOwner || !ready) return
    done.current = true
    const polaroids = items
      .filter((item) => item.kind === 'polaroid')
      .sort((a, b) => a.timestamp - b.timestamp || a.id.localeCompare(b.id))
    if (!polaroids.some(isAtOrigin)) return
    const byId = new Map(polaroids.map((p) => [p.id, p]))
    const moves = autoLayout(polaroids, window.innerWidth)
    void (async () => {
      try {
        for (const move of moves) {
          // Only while the card is still at (0,0): the person may have dragged it since this list was read
          // (the first pull after a reload can take seconds), and their drop wins.
          await movePolaroid(replica, move.id, { x: move.x, y: move.y, zIndex: byId.get(move.id)!.zIndex }, { undoable: false, onlyFrom: { x: 0, y: 0 } })
        }
      } catch (error) {
        console.error('Automatic layout failed', error)
        toast.error(LAYOUT_FAILED)
      }
    })()
  }, [store, count, isOwner, ready, replica, toast])
}
