// The page's side of the Web Share Target: the photos the service worker kept from a share, read back as
// Files (the first for a wall's upload dialog, all of them for the wardrobe), and forgotten once they
// were added or discarded.
import {
  SHARED_PHOTO_CACHE,
  SHARED_PHOTO_COUNT_HEADER,
  SHARED_PHOTO_NAME_HEADER,
  SHARED_PHOTOS_MAX,
  sharedPhotoKey,
} from './shareTarget'

async function asFile(response: Response): Promise<File> {
  const blob = await response.blob()
  const name = decodeURIComponent(response.headers.get(SHARED_PHOTO_NAME_HEADER) ?? 'shared-photo')
  return new File([blob], name, { type: blob.type || response.headers.get('content-type') || '' })
}

/** Every photo of the last share, in the order shared; empty when none waits. */
export async function readSharedPhotos(): Promise<File[]> {
  if (typeof caches === 'undefined') return []
  const cache = await caches.open(SHARED_PHOTO_CACHE)
  const first = await cache.match(sharedPhotoKey(0))
  if (!first) return []
  const count = Math.min(SHARED_PHOTOS_MAX, Number(first.headers.get(SHARED_PHOTO_COUNT_HEADER) ?? '1') || 1)
  const files = [await asFile(first)]
  for (let index = 1; index < count; index++) {
    const response = await cache.match(sharedPhotoKey(index))
    if (response) files.push(await asFile(response))
  }
  return files
}

export async function forgetSharedPhoto(): Promise<void> {
  if (typeof caches === 'undefined') return
  const cache = await caches.open(SHARED_PHOTO_CACHE)
  for (let index = 0; index < SHARED_PHOTOS_MAX; index++) await cache.delete(sharedPhotoKey(index))
}
