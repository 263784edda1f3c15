// Wardrobe import on a wall (spec §4): selecting an item marks it selected and processing while its
// sticker is made at 100,100 (a cut-out, or the item's photo to be cut out later), then ready; selecting
// it again deselects it and removes that sticker. A failed background removal is told for 5 s (an error
// toast); refusals get the spec's messages. Selections follow their stickers on the wall. Offline, an
// item whose photo never reached the device says so in a toast and, until a pick works, on its card.
import { useCallback, useEffect, useRef, useState } from 'react'
import { browserImageTools } from '@/data/images/browserImageTools'
import { deleteSticker } from '@/data/mutations/stickers'
import { PhotoNotOnDevice, stickItemOnWall } from '@/data/wardrobe/wardrobeImport'
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
  // Items whose pick could not work on this device, with why (shown on their card).
  const [notes, setNotes] = useState<ReadonlyMap<string, string>>(() => new Map())
  const latest = useRef(selections)
  latest.current = selections

  useEffect(() => {
    setSelections((current) => reconcileSelections(current, stickers, replica.userId))
  }, [stickers, replica.userId])

  const set = useCallback((itemId: string, selection: ImportSelection | null) => {
    setSelections((current) => withSelection(current, itemId, selection))
  }, [])
  const note = useCallback((itemId: string, text: string | null) => {
    setNotes((current) => {
      if ((current.get(itemId) ?? null) === text) return current
      const next = new Map(current)
      if (text) next.set(itemId, text)
      else next.delete(itemId)
      return next
    })
  }, [])
  // Back online the photo can be had: the notes go.
  useEffect(() => {
    if (online) setNotes((current) => (current.size === 0 ? current : new Map()))
  }, [online])

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
      note(itemId, null)
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
        if (error instanceof PhotoNotOnDevice) note(itemId, messages.photoNotOnDevice)
        toast.error(error instanceof MutationError ? error.message : messages.addStickerFailed)
      }
    },
    [replica, wallId, online, set, note, toast],
  )

  return { selections, notes, toggle }
}
