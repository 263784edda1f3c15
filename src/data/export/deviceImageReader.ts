// Image bytes for an export on a real device: the upload queue's Blob while an image waits to upload,
// else its URL through fetch, which the service worker answers from the image cache when offline.
import { resolveImage } from '../images/imageSource'
import type { Replica } from '../replica'
import type { ImageReader } from './buildExport'

export function deviceImageReader(replica: Replica): ImageReader {
  return async (imagePath) => {
    const source = await resolveImage(replica.db, replica.images, imagePath, null)
    if (!source) return null
    if (source.kind === 'blob') return new Uint8Array(await source.blob.arrayBuffer())
    const response = await fetch(source.url)
    if (!response.ok) return null
    return new Uint8Array(await response.arrayBuffer())
  }
}
