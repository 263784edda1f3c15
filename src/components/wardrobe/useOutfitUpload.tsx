// The outfit upload flow for any screen (the profile's Upload Product, /share's 'Add to my wardrobe',
// the header's unfinished-jobs pill): `open(file?)` starts at picking, `follow(jobId)` shows a job
// already under way, `dialogs` is the element to render. The photo is shrunk off the main thread and
// kept on the device with its job queued, so this works offline; the sync worker takes it from there.
import { useCallback, useRef, useState, type ReactElement } from 'react'
import { uploadOutfit, type OutfitUpload } from '@/data/wardrobe/outfitUploads'
import { useReplica } from '@/data/ReplicaContext'
import { downscaleImage } from '@/lib/downscaleImage'
import type { OutfitPick } from './OutfitPhotoPicker'
import { OutfitUploadDialog, type OutfitFlowPhase } from './OutfitUploadDialog'
import { useToast } from '@/components/Toasts'
import { UPLOAD_FAILED } from '@/components/useUploadPolaroid'
import { usePreloadDownscaler } from '@/components/usePreloadDownscaler'

export interface OutfitUploadFlow {
  /** Opens the picker, optionally with a photo already chosen (a shared one). */
  open: (file?: File | null) => void
  /** Opens the processing dialog on a job (e.g. one picked up again after a reload). */
  follow: (jobId: string) => void
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

  const open = useCallback((file?: File | null) => setPhase({ kind: 'pick', file: file ?? null }), [])
  const follow = useCallback((jobId: string) => setPhase({ kind: 'follow', jobId, file: null }), [])
  const close = useCallback(
    () => setPhase((current) => (current.kind === 'uploading' ? current : { kind: 'closed' })),
    [],
  )

  const upload = useCallback(
    async ({ file, skipTagging }: OutfitPick) => {
      setPhase({ kind: 'uploading', file })
      try {
        const image = await downscaleImage(file)
        const result = await uploadOutfit(replica, { image, skipTagging })
        setPhase({ kind: 'follow', jobId: result.jobId, file })
        onUploaded.current?.(result)
      } catch (error) {
        console.error('Could not keep the outfit photo', error)
        toast.error(UPLOAD_FAILED)
        setPhase({ kind: 'pick', file })
      }
    },
    [replica, toast],
  )

  const dialogs = (
    <OutfitUploadDialog
      phase={phase}
      onClose={close}
      onUpload={(pick) => void upload(pick)}
      onFollow={follow}
    />
  )
  return { open, follow, dialogs, isOpen: phase.kind !== 'closed' }
}
