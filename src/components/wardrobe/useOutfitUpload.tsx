// The outfit upload flow for any screen (the profile's Upload Product, /share's 'Add to my wardrobe',
// the header's unfinished-jobs pill): `open(file?)` starts at picking, `follow(jobId)` shows a job
// already under way, `followBatch(jobIds)` a batch, `dialogs` is the element to render. Each photo is
// shrunk off the main thread and kept on the device with its job queued, so this works offline; the sync
// worker takes it from there. Many photos (issue 25) are prepared one after another, each its own job,
// so one that fails never stops the rest and the batch view fills row by row.
import { useCallback, useRef, useState, type ReactElement } from 'react'
import { retryOutfitJob, uploadOutfit, type OutfitUpload } from '@/data/wardrobe/outfitUploads'
import { useFinishedJobIds } from '@/data/wardrobe/useOutfitBatch'
import { MutationError } from '@/data/replica'
import { newId } from '@/lib/ids'
import { messages } from '@/lib/messages'
import type { BatchEntry } from './OutfitBatchPanel'
import { useReplica } from '@/data/ReplicaContext'
import { downscaleImage } from '@/lib/downscaleImage'
import type { OutfitPick } from './OutfitPhotoPicker'
import { OutfitUploadDialog, type OutfitFlowPhase } from './OutfitUploadDialog'
import { useToast } from '@/components/Toasts'
import { UPLOAD_FAILED } from '@/components/useUploadPolaroid'
import { usePreloadDownscaler } from '@/components/usePreloadDownscaler'

export interface OutfitUploadFlow {
  /** Opens the picker, optionally with photos already chosen (shared ones). */
  open: (files?: File | readonly File[] | null) => void
  /** Opens the processing dialog on a job (e.g. one picked up again after a reload). */
  follow: (jobId: string) => void
  /** Opens the batch view on jobs already under way (the pill, after a reload). */
  followBatch: (jobIds: readonly string[]) => void
  /** Render this once on the screen. */
  dialogs: ReactElement
  isOpen: boolean
}

export interface OutfitUploadOptions {
  onUploaded?: (upload: OutfitUpload) => void
  /** Fetch the photo-shrinking library now (screens that offer picking); false for a follow-only use. */
  picking?: boolean
}

export function useOutfitUpload(options: OutfitUploadOptions = {}): OutfitUploadFlow {
  usePreloadDownscaler(options.picking ?? true)
  const replica = useReplica()
  const toast = useToast()
  const [phase, setPhase] = useState<OutfitFlowPhase>({ kind: 'closed' })
  const onUploaded = useRef(options.onUploaded)
  onUploaded.current = options.onUploaded
  const [entries, setEntries] = useState<BatchEntry[]>([])
  const doneJobIds = useFinishedJobIds(entries.flatMap((entry) => (entry.jobId ? [entry.jobId] : [])))
  const skipTaggingRef = useRef(false)
  const patch = useCallback(
    (key: string, change: Partial<BatchEntry>) =>
      setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry))),
    [],
  )

  const open = useCallback(
    (files?: File | readonly File[] | null) =>
      setPhase({ kind: 'pick', files: files ? (files instanceof File ? [files] : [...files]) : [] }),
    [],
  )
  const follow = useCallback((jobId: string) => setPhase({ kind: 'follow', jobId, file: null }), [])
  const followBatch = useCallback((jobIds: readonly string[]) => {
    setEntries(jobIds.map((jobId) => ({ key: jobId, name: null, file: null, preview: null, jobId, error: null })))
    setPhase({ kind: 'batch' })
  }, [])
  const close = useCallback(
    () => setPhase((current) => (current.kind === 'uploading' ? current : { kind: 'closed' })),
    [],
  )

  /** Keeps one photo of a batch on the device with its job; a failure stays on its own row. */
  const prepare = useCallback(
    async (entry: BatchEntry) => {
      if (!entry.file) return
      patch(entry.key, { error: null })
      try {
        const image = await downscaleImage(entry.file)
        const result = await uploadOutfit(replica, { image, skipTagging: skipTaggingRef.current })
        patch(entry.key, { jobId: result.jobId, preview: image })
        onUploaded.current?.(result)
      } catch (error) {
        console.error('Could not keep an outfit photo of the batch', error)
        patch(entry.key, { error: error instanceof MutationError ? error.message : messages.batchPrepareFailed })
      }
    },
    [replica, patch],
  )

  const uploadMany = useCallback(
    async (files: File[], skipTagging: boolean) => {
      skipTaggingRef.current = skipTagging
      const batch = files.map((file) => ({ key: newId(), name: file.name, file, preview: null, jobId: null, error: null }))
      setEntries(batch)
      setPhase({ kind: 'batch' })
      // One after another: the downscaling worker takes one photo at a time, and each row fills in turn.
      for (const entry of batch) await prepare(entry)
    },
    [prepare],
  )

  const retry = useCallback(
    async (key: string) => {
      const entry = entries.find((e) => e.key === key)
      if (!entry) return
      if (entry.error !== null) return prepare(entry)
      if (!entry.jobId) return
      try {
        patch(key, { jobId: await retryOutfitJob(replica, entry.jobId) })
      } catch (error) {
        console.error('Could not retry the outfit photo', error)
        toast.error(error instanceof MutationError ? error.message : messages.startOutfitFailed)
      }
    },
    [entries, prepare, patch, replica, toast],
  )

  const upload = useCallback(
    async ({ files, skipTagging }: OutfitPick) => {
      if (files.length > 1) return uploadMany(files, skipTagging)
      const file = files[0]
      if (!file) return
      setPhase({ kind: 'uploading', file })
      try {
        const image = await downscaleImage(file)
        const result = await uploadOutfit(replica, { image, skipTagging })
        setPhase({ kind: 'follow', jobId: result.jobId, file })
        onUploaded.current?.(result)
      } catch (error) {
        console.error('Could not keep the outfit photo', error)
        toast.error(UPLOAD_FAILED)
        setPhase({ kind: 'pick', files: [file] })
      }
    },
    [replica, toast, uploadMany],
  )

  const dialogs = (
    <OutfitUploadDialog
      phase={phase}
      onClose={close}
      onUpload={(pick) => void upload(pick)}
      onFollow={follow}
      batch={{ entries, doneJobIds, onRetry: (key) => void retry(key) }}
    />
  )
  return { open, follow, followBatch, dialogs, isOpen: phase.kind !== 'closed' }
}
