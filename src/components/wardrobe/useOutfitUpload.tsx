// The outfit upload flow for any screen (the profile's Upload Product, /share's 'Add to my wardrobe',
// the header's unfinished-jobs pill): `open(file?)` starts at picking, `follow(jobId)` shows a job
// already under way, `followBatch(jobIds)` a batch, `dialogs` is the element to render. Each photo is
// shrunk off the main thread and kept on the device with its job queued, so this works offline; the sync
// worker takes it from there. Many photos (issue 25) are first kept on the device as picked, all at once
// (`keepPickedPhotos`), then prepared one after another from there, each its own job, so a reload loses
// none, one that fails never stops the rest, and the batch view fills row by row.
import { useCallback, useRef, useState, type ReactElement } from 'react'
import { retryOutfitJob, type OutfitUpload } from '@/data/wardrobe/outfitUploads'
import {
  keepPickedPhotos,
  preparePickedPhoto,
  preparePickedPhotos,
  removePickedPhoto,
  retryPickedPhoto,
} from '@/data/wardrobe/pickedPhotos'
import { MutationError } from '@/data/replica'
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
  /** The photo (one: kept with its job; many: kept on the device as picked) is safe on the device. */
  onUploaded?: (upload: OutfitUpload | null) => void
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
  // The rows' states are read by the batch view itself (`OutfitBatchPanel`): read here, every photo kept
  // rendered the whole screen that hosts this flow (the profile) again.
  const [entries, setEntries] = useState<BatchEntry[]>([])

  const open = useCallback(
    (files?: File | readonly File[] | null) =>
      setPhase({ kind: 'pick', files: files ? (files instanceof File ? [files] : [...files]) : [] }),
    [],
  )
  const follow = useCallback((jobId: string) => setPhase({ kind: 'follow', jobId, file: null }), [])
  const followBatch = useCallback((ids: readonly string[]) => {
    setEntries(ids.map((key) => ({ key, name: null, jobId: key })))
    setPhase({ kind: 'batch' })
  }, [])
  const close = useCallback(
    () => setPhase((current) => (current.kind === 'uploading' ? current : { kind: 'closed' })),
    [],
  )

  const uploadMany = useCallback(
    async (files: File[], skipTagging: boolean) => {
      let kept
      try {
        kept = await keepPickedPhotos(replica, files, skipTagging)
      } catch (error) {
        console.error('Could not keep the picked photos', error)
        toast.error(error instanceof MutationError ? error.message : UPLOAD_FAILED)
        return
      }
      setEntries(kept.ids.map((key, i) => ({ key, name: files[i]?.name ?? null, jobId: key })))
      setPhase({ kind: 'batch' })
      onUploaded.current?.(null)
      await preparePickedPhotos(replica, downscaleImage)
    },
    [replica, toast],
  )

  // The rows' buttons call these by key; they read the current entries through a ref, so they stay the
  // same functions and a memoised row is not rendered again for them.
  const latest = useRef({ entries })
  latest.current = { entries }

  const retry = useCallback(
    async (key: string) => {
      const entry = latest.current.entries.find((e) => e.key === key)
      if (!entry) return
      try {
        // A photo that could not be read (still a picked photo): read again from the original kept on the device.
        if (await replica.db.pickedPhotos.get(entry.jobId)) return await retryPickedPhoto(replica, entry.jobId, downscaleImage)
        const jobId = await retryOutfitJob(replica, entry.jobId)
        setEntries((current) => current.map((e) => (e.key === key ? { ...e, jobId } : e)))
      } catch (error) {
        console.error('Could not retry the outfit photo', error)
        toast.error(error instanceof MutationError ? error.message : messages.startOutfitFailed)
      }
    },
    [replica, toast],
  )

  const remove = useCallback(
    async (key: string) => {
      const entry = latest.current.entries.find((e) => e.key === key)
      if (!entry) return
      setEntries((current) => current.filter((e) => e.key !== key))
      await removePickedPhoto(replica, entry.jobId)
    },
    [replica],
  )
  const onRetry = useCallback((key: string) => void retry(key), [retry])
  const onRemove = useCallback((key: string) => void remove(key), [remove])

  const upload = useCallback(
    async ({ files, skipTagging }: OutfitPick) => {
      if (files.length > 1) return uploadMany(files, skipTagging)
      const file = files[0]
      if (!file) return
      setPhase({ kind: 'uploading', file })
      try {
        // Kept on the device as picked first, so a reload while it is being shrunk loses it neither.
        const kept = await keepPickedPhotos(replica, [file], skipTagging)
        const result = await preparePickedPhoto(replica, kept.ids[0]!, downscaleImage)
        setPhase({ kind: 'follow', jobId: result.jobId, file })
        onUploaded.current?.(result)
      } catch (error) {
        console.error('Could not keep the outfit photo', error)
        toast.error(error instanceof MutationError && error.message === messages.batchDeviceFull ? error.message : UPLOAD_FAILED)
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
      batch={{ entries, onRetry, onRemove }}
    />
  )
  return { open, follow, followBatch, dialogs, isOpen: phase.kind !== 'closed' }
}
