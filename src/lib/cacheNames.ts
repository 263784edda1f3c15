// Names shared by the service worker and the page. Images are cached per person: one cache for the
// signed-in user (named after them) and one for a guest, so a person never gets an image another
// cached on the same device. The page writes who is signed in into CACHE_OWNER_CACHE; the service
// worker reads it per request. The page trims the image caches when the device runs out of space and
// deletes every user's image cache whenever a session ends.
export const IMAGE_CACHE_PREFIX = 'moori-images-v1'
/** The single image cache of earlier builds (deleted with the users' caches). */
const LEGACY_IMAGE_CACHE = IMAGE_CACHE_PREFIX
export const CACHE_OWNER_CACHE = 'moori-cache-owner-v1'
export const CACHE_OWNER_KEY = '/__moori/cache-owner'

/** The image cache of `userId`, or the guest's when nobody is signed in. */
export function imageCacheFor(userId: string | null): string {
  return userId ? `${IMAGE_CACHE_PREFIX}:user:${userId}` : `${IMAGE_CACHE_PREFIX}:guest`
}

/** Every image cache: the users', the guest's and the single one of earlier builds. */
export function isImageCache(name: string): boolean {
  return name === LEGACY_IMAGE_CACHE || name.startsWith(`${IMAGE_CACHE_PREFIX}:`)
}

/** An image cache that holds a signed-in person's images (the earlier single cache may too). */
export function isUserImageCache(name: string): boolean {
  return name === LEGACY_IMAGE_CACHE || name.startsWith(`${IMAGE_CACHE_PREFIX}:user:`)
}

/**
 * The cut-out runtime and model, kept by the service worker on first use (not per person: they are the
 * app's own files, so signing out keeps them). Old builds' files age out of it.
 */
export const CUTOUT_CACHE = 'moori-cutout-v1'
