// Wardrobe import on a wall (spec §4): selecting an item marks it selected and processing while its
// sticker is made at 100,100 (a cut-out, or the item's photo to be cut out later), then ready; selecting
// it again deselects it and removes that sticker. A failed background removal is told for 5 s (an error
// toast); refusals get the spec's messages. Selections follow their stickers on the wall.
import { useCallback, useEffect, useRef, useState } from 'react'
import { browserImageTools } from '@/data/images/browserImageTools'
import { deleteSticker } from '@/data/mutations/stickers'
import { stickItemOnWall } from '@/data/wardrobe/wardrobeImport'
import { MutationError } from '@/data/replica'
import { useReplica } from '@/data/ReplicaContext'
import { useToast } from '@/components/Toasts'
import { useConnectivity } from '@/data/connectivity'
import {
  reconcileSelections,
  type ImportSelection,
  type PlacedSticker,
  type Selections,
} from './importSelection'
import { messages } from '@/lib/messages'

function withSelection(
  selections: Selections,
  itemId: string,
  selection: ImportSelection | null,
): Selections {
  const next = new Map(selections)
  if (selection) next.set(itemId, selection)
  else next.delete(itemId)
  return next
}

export function useWardrobeImport(wallId: string, stickers: readonly PlacedSticker[]) {
  const replica = useReplica()
  const toast = useToast()
  const { online } = useConnectivity()
  const [selections, setSelections] = useState<Selections>(() => new Map())
  const latest = useRef(selections)
  latest.current = selections

  useEffect(() => {
    setSelections((current) => reconcileSelections(current, stickers, replica.userId))
  }, [stickers, replica.userId])

  const set = useCallback((itemId: string, selection: ImportSelection | null) => {
    setSelections((current) => withSelection(current, itemId, selection))
  }, [])

  const toggle = useCallback(
    async (itemId: string) => {
      const current = latest.current.get(itemId)
      if (current?.status === 'processing') return
      if (current?.status === 'ready') {
        set(itemId, null)
        try {
          await deleteSticker(replica, current.stickerId)
        } catch (error) {
          console.error('Could not remove the sticker', error)
          toast.error(messages.deleteStickerFailed)
          set(itemId, current)
        }
        return
      }
      set(itemId, { status: 'processing' })
      try {
        const result = await stickItemOnWall(replica, { wallId, itemId, online }, browserImageTools)
        set(itemId, {
          status: 'ready',
          stickerId: result.stickerId,
          usedOriginal: result.usedOriginal,
          place: null,
        })
        if (result.warning) toast.error(result.warning)
      } catch (error) {
        console.error('Could not add the wardrobe item', error)
        set(itemId, null)
        toast.error(error instanceof MutationError ? error.message : messages.addStickerFailed)
      }
    },
    [replica, wallId, online, set, toast],
  )

  return { selections, toggle }
}
