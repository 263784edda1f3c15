// The editor's session in the cut-out worker and its previews: opens it on the item's photo, or for a
// garment from an outfit photo on that photo around it (src/data/wardrobe/cutoutEditing.ts; the model
// runs once, while the dialog says "Preparing"), asks for a preview whenever the strokes change (at most
// every PREVIEW_INTERVAL_MS while a stroke is drawn, and once when it ends), shows the newest answer, and
// closes the session with the dialog. An item fixed by hand before opens on its kept strokes, previewed
// before the editor is ready, so the fix is what shows first.
import { useCallback, useEffect, useRef, useState } from 'react'
import { cutoutEditorSource, savedCutoutStrokes } from '@/data/wardrobe/cutoutEditing'
import { restoredStrokes } from '@/data/wardrobe/cutoutStrokes'
import { openCutoutSession, type CutoutEditSession, type Stroke } from '@/data/wardrobe/cutoutClient'
import { useConnectivity } from '@/data/connectivity'
import { useReplica } from '@/data/ReplicaContext'
import { MutationError } from '@/data/replica'
import { CUTOUT_MAX_SIZE } from '@/lib/cutout/constants'
import { messages } from '@/lib/messages'
import { createPreviewScheduler, type PreviewScheduler } from './previewScheduler'

/** How often a preview is asked for while a stroke is being drawn. */
const PREVIEW_INTERVAL_MS = 100
/** The preview's longer side: the screen's pixels for the canvas, not the sticker's. */
const PREVIEW_LONG_SIDE = 800

export type SessionState =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  /** `saved`: the strokes of the item's earlier hand fix the editor opens on (none otherwise). */
  | { status: 'ready'; session: CutoutEditSession; saved: readonly Stroke[] }

export interface ShownPreview {
  image: ImageData
  /** The strokes it was made from (the canvas draws the rest over it until their preview comes). */
  strokes: readonly Stroke[]
}

export function useCutoutSession(itemId: string) {
  const replica = useReplica()
  const { online } = useConnectivity()
  const onlineRef = useRef(online)
  onlineRef.current = online
  const [state, setState] = useState<SessionState>({ status: 'loading' })
  const [shown, setShown] = useState<ShownPreview | null>(null)
  const [previewError, setPreviewError] = useState<string | null>(null)
  const [updates, setUpdates] = useState(0)
  const scheduler = useRef<PreviewScheduler | null>(null)
  const requests = useRef(new Map<number, readonly Stroke[]>())
  const revision = useRef(0)
  const lastLive = useRef(0)
  const liveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => {
    let session: CutoutEditSession | null = null
    let cancelled = false
    const asked = requests.current
    setState({ status: 'loading' })
    setShown(null)
    void (async () => {
      try {
        const kept = await savedCutoutStrokes(replica, itemId)
        const { photo, garment } = await cutoutEditorSource(replica, itemId, kept)
        const opened = await openCutoutSession(photo, {
          maxSize: CUTOUT_MAX_SIZE,
          previewLongSide: PREVIEW_LONG_SIDE,
          garment,
        })
        if (cancelled) return opened.close()
        session = opened
        const saved = restoredStrokes(kept, opened)
        const first = saved.length > 0 ? (await opened.previewWith(saved, 0)).preview : opened.preview
        if (cancelled) return
        scheduler.current = createPreviewScheduler(
          (rev) => opened.previewWith([...(requests.current.get(rev) ?? [])], rev),
          (result, rev) => {
            setShown({ image: result.preview, strokes: requests.current.get(rev) ?? [] })
            for (const key of requests.current.keys()) if (key < rev) requests.current.delete(key)
            setPreviewError(null)
            setUpdates((count) => count + 1)
          },
          (error) => {
            console.error('A cut-out preview failed', error)
            setPreviewError(messages.cutoutPreviewFailed)
          },
        )
        setShown({ image: first, strokes: saved })
        setState({ status: 'ready', session: opened, saved })
      } catch (error) {
        if (cancelled) return
        console.error('The cut-out editor could not start', error)
        const message =
          error instanceof MutationError
            ? error.message
            : onlineRef.current
              ? messages.cutoutRuntimeFailed
              : messages.cutoutRuntimeOffline
        setState({ status: 'failed', error: message })
      }
    })()
    return () => {
      cancelled = true
      clearTimeout(liveTimer.current)
      scheduler.current?.dispose()
      scheduler.current = null
      asked.clear()
      session?.close()
    }
  }, [replica, itemId])

  const ask = useCallback((strokes: readonly Stroke[]) => {
    revision.current += 1
    requests.current.set(revision.current, strokes)
    scheduler.current?.request(revision.current)
  }, [])

  /** The committed strokes changed (a stroke ended, Undo, Redo, Reset): preview them now. */
  const previewStrokes = useCallback(
    (strokes: readonly Stroke[]) => {
      clearTimeout(liveTimer.current)
      ask(strokes)
    },
    [ask],
  )

  /** A stroke is being drawn: preview it with the others, at most every PREVIEW_INTERVAL_MS. */
  const previewLive = useCallback(
    (strokes: readonly Stroke[]) => {
      clearTimeout(liveTimer.current)
      const wait = lastLive.current + PREVIEW_INTERVAL_MS - performance.now()
      const send = () => {
        lastLive.current = performance.now()
        ask(strokes)
      }
      if (wait <= 0) send()
      else liveTimer.current = setTimeout(send, wait)
    },
    [ask],
  )

  return { state, shown, previewError, updates, previewStrokes, previewLive }
}
