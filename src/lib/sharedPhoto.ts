// The page's side of the Web Share Target: the photo the service worker kept from a share, read back as
// a File for the upload dialog, and forgotten once it was added or discarded.
import { SHARED_PHOTO_CACHE, SHARED_PHOTO_KEY, SHARED_PHOTO_NAME_HEADER } from './shareTarget'

export async function readSharedPhoto(): Promise<File | null> {
  if (typeof caches === 'undefined') return null
  const response = await (await caches.open(SHARED_PHOTO_CACHE)).match(SHARED_PHOTO_KEY)
  if (!response) return null
  const blob = await response.blob()
  const name = decodeURIComponent(response.headers.get(SHARED_PHOTO_NAME_HEADER) ?? 'shared-photo')
  return new File([blob], name, { type: blob.type || response.headers.get('content-type') || '' })
}

export async function forgetSharedPhoto(): Promise<void> {
  if (typeof caches === 'undefined') return
  await (await caches.open(SHARED_PHOTO_CACHE)).delete(SHARED_PHOTO_KEY)
}
