// Receives the Web Share Target POST: keeps the shared images (up to SHARED_PHOTOS_MAX; the last share
// replaces any earlier one; the first stays where a wall's upload looks for it) and sends the browser on to the /share screen with a 303, so a reload never re-posts the photo.
// Runs in the service worker because a share arrives as a navigation with a multipart body, which a
// single-page app cannot read.
import {
  SHARE_FILES_FIELD,
  SHARE_SCREEN,
  SHARED_PHOTO_COUNT_HEADER,
  SHARED_PHOTO_NAME_HEADER,
  SHARED_PHOTOS_MAX,
  sharedPhotoKey,
} from '../../src/lib/shareTarget'

/** The subset of the Cache interface this needs (so tests can hand in a small in-memory one). */
export interface PhotoCache {
  put(key: string, response: Response): Promise<void>
  delete(key: string): Promise<boolean>
}

export async function receiveShare(request: Request, cache: PhotoCache, origin: string): Promise<Response> {
  const photos = await images(request)
  // An earlier share's photos go, however many it had.
  for (let index = 0; index < SHARED_PHOTOS_MAX; index++) await cache.delete(sharedPhotoKey(index))
  for (const [index, photo] of photos.entries()) {
    await cache.put(
      sharedPhotoKey(index),
      new Response(photo, {
        headers: {
          'content-type': photo.type,
          [SHARED_PHOTO_NAME_HEADER]: encodeURIComponent(photo.name || 'shared-photo'),
          [SHARED_PHOTO_COUNT_HEADER]: String(photos.length),
        },
      }),
    )
  }
  return Response.redirect(new URL(SHARE_SCREEN, origin).href, 303)
}

async function images(request: Request): Promise<File[]> {
  try {
    const form = await request.formData()
    return form
      .getAll(SHARE_FILES_FIELD)
      .filter(
        (value): value is File =>
          typeof value !== 'string' && value.type.startsWith('image/') && value.size > 0,
      )
      .slice(0, SHARED_PHOTOS_MAX)
  } catch (error) {
    // A body that is not a form is treated as a share without a photo: the screen says so.
    console.warn('Unreadable share', error)
    return []
  }
}
