// How the app copies a wardrobe picture for a sticker made before its cut-out exists: the bytes come
// from the URL the card already shows (the service worker answers from its image cache offline), and are
// re-encoded for the sticker bucket, or cut out on this device (the cut-out worker) when offline.
import { toStickerImage } from '@/lib/toStickerImage'
import { CUTOUT_MAX_SIZE } from '@/lib/cutout/constants'
import { cutOutOnDevice } from '../wardrobe/cutoutClient'
import type { ImageTools } from '../wardrobe/wardrobeImport'

export const browserImageTools: ImageTools = {
  async fetchImage(url) {
    const response = await fetch(url)
    if (!response.ok) throw new Error(`its picture could not be loaded (${response.status})`)
    return response.blob()
  },
  toStickerImage,
  cutOut: async (photo) => (await cutOutOnDevice(photo, CUTOUT_MAX_SIZE)).png,
}
