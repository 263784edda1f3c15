// Receives the Web Share Target POST: keeps the first shared image (the last share replaces any earlier
// one) and sends the browser on to the /share screen with a 303, so a reload never re-posts the photo.
// Runs in the service worker because a share arrives as a navigation with a multipart body, which a
// single-page app cannot read.
import {
  SHARE_FILES_FIELD,
  SHARE_SCREEN,
  SHARED_PHOTO_KEY,
  SHARED_PHOTO_NAME_HEADER,
} from '../../src/lib/shareTarget'

/** The subset of the Cache interface this needs (so tests can hand in a small in-memory one). */
export interface PhotoCache {
  put(key: string, response: Response): Promise<void>
  delete(key: string): Promise<boolean>
}

export async function receiveShare(request: Request, cache: PhotoCache, origin: string): Promise<Response> {
  const photo = await firstImage(request)
  await cache.delete(SHARED_PHOTO_KEY)
  if (photo) {
    await cache.put(
      SHARED_PHOTO_KEY,
      new Response(photo, {
        headers: {
          'content-type': photo.type,
          [SHARED_PHOTO_NAME_HEADER]: encodeURIComponent(photo.name || 'shared-photo'),
        },
      }),
    )
  }
  return Response.redirect(new URL(SHARE_SCREEN, origin).href, 303)
}

async function firstImage(request: Request): Promise<File | null> {
  try {
    const form = await request.formData()
    const image = form
      .getAll(SHARE_FILES_FIELD)
      .find(
        (value): value is File =>
          typeof value !== 'string' && value.type.startsWith('image/') && value.size > 0,
      )
    return image ?? null
  } catch (error) {
    // A body that is not a form is treated as a share without a photo: the screen says so.
    console.warn('Unreadable share', error)
    return null
  }
}
