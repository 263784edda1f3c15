// Deleting from the inbox with Undo: the items vanish at once, and the delete itself is made when the
// toast's time is up, when the user leaves the Products area, or when the page goes away. Undo within
// that time simply shows them again: nothing was sent, so nothing has to be taken back on any device.
// If the page dies before the delete is made, the items are still there: nothing is lost.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Replica } from '@/data/replica'
import { bulkEditWardrobe } from '@/data/wardrobe/wardrobeBulk'
import { fillMessage, itemCount, messages } from '@/lib/messages'
import type { ToastApi } from '@/components/Toasts'

const UNDO_DELETE_MS = 8000

export interface DeferredDelete {
  /** Items waiting for their delete: screens leave them out. */
  hidden: ReadonlySet<string>
  remove: (itemIds: readonly string[]) => void
}

export function useDeferredDelete(replica: Replica, toast: ToastApi): DeferredDelete {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set())
  const waiting = useRef(new Map<number, string[]>())

  const commit = useCallback(
    (timer: number) => {
      const ids = waiting.current.get(timer)
      if (!ids) return
      window.clearTimeout(timer)
      waiting.current.delete(timer)
      bulkEditWardrobe(replica, ids, { kind: 'delete' })
        .catch((error: unknown) => toast.error(error instanceof Error ? error.message : messages.deleteItemFailed))
        .finally(() => setHidden((set) => new Set([...set].filter((id) => !ids.includes(id)))))
    },
    [replica, toast],
  )

  const remove = useCallback(
    (itemIds: readonly string[]) => {
      const ids = [...itemIds]
      if (ids.length === 0) return
      setHidden((set) => new Set([...set, ...ids]))
      const timer = window.setTimeout(() => commit(timer), UNDO_DELETE_MS)
      waiting.current.set(timer, ids)
      toast.show(fillMessage(messages.bulkDeleted, { items: itemCount(ids.length) }), {
        durationMs: UNDO_DELETE_MS,
        action: {
          label: messages.undoButton,
          onSelect: () => {
            if (!waiting.current.has(timer)) return
            window.clearTimeout(timer)
            waiting.current.delete(timer)
            setHidden((set) => new Set([...set].filter((id) => !ids.includes(id))))
          },
        },
      })
    },
    [commit, toast],
  )

  // Leaving the area or the page makes the delete now.
  useEffect(() => {
    const flush = () => {
      for (const timer of [...waiting.current.keys()]) commit(timer)
    }
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [commit])

  return { hidden, remove }
}
