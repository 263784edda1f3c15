// Turns a picked photo into a polaroid on a wall: shrink it off the main thread (≤ 800 px, JPEG 0.7),
// then add the polaroid with the picture as a Blob. Both steps are local, so this works offline: the
// card shows the picture from the device and the sync worker uploads it later. `uploading` drives the
// placeholder card (spec §4); failures get the spec's toasts.
import { useCallback, useState } from 'react'
import { addPolaroid } from '@/data/mutations/polaroids'
import { useReplica } from '@/data/ReplicaContext'
import { downscaleImage } from '@/lib/downscaleImage'
import { useToast } from './Toasts'
import type { UploadRequest } from './UploadDialog'
import { usePreloadDownscaler } from './usePreloadDownscaler'
import { messages } from '@/lib/messages'

export const UPLOAD_FAILED = messages.uploadImageFailed
const CREATE_FAILED = 'Failed to create polaroid. Please try again.'

export function useUploadPolaroid(wallId: string) {
  usePreloadDownscaler()
  const replica = useReplica()
  const toast = useToast()
  const [uploading, setUploading] = useState(0)

  const upload = useCallback(
    async ({ file, name, message }: UploadRequest): Promise<string | null> => {
      setUploading((n) => n + 1)
      try {
        let image: Blob
        try {
          image = await downscaleImage(file)
        } catch (error) {
          console.error('Could not prepare the image', error)
          toast.error(UPLOAD_FAILED)
          return null
        }
        try {
          return await addPolaroid(replica, { wallId, name, message, image })
        } catch (error) {
          console.error('Could not add the polaroid', error)
          toast.error(CREATE_FAILED)
          return null
        }
      } finally {
        setUploading((n) => n - 1)
      }
    },
    [replica, toast, wallId],
  )

  return { uploading: uploading > 0, upload }
}
