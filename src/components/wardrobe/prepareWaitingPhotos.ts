// Photos picked but not yet kept (issue 25) are prepared with the app's shrinking worker; in its own
// chunk, so the header's pill fetches the shrinking library and the upload mutations only when a photo
// waits (after a reload, or on any screen while a batch is being prepared).
import type { Replica } from '@/data/replica'
import { preparePickedPhotos } from '@/data/wardrobe/pickedPhotos'
import { downscaleImage } from '@/lib/downscaleImage'

/** Prepares every waiting photo (one tab at a time); resolves when none waits. */
export function prepareWaitingPhotos(replica: Replica): Promise<void> {
  return preparePickedPhotos(replica, downscaleImage)
}
