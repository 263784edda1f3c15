// A public Storage object's address, made without storage-js (no request is needed): the same URL
// storage-js's `getPublicUrl` returns (leading slashes dropped, then `encodeURI`), with or without an
// image transformation, checked against it in the test beside this file.
const storageBase = (supabaseUrl: string) => `${supabaseUrl.replace(/\/+$/, '')}/storage/v1`

export function publicStorageUrl(supabaseUrl: string, bucket: string, path: string): string {
  return encodeURI(`${storageBase(supabaseUrl)}/object/public/${bucket}/${path.replace(/^\/+/, '')}`)
}

/** The object's authenticated address (no token in it): what the service worker's image cache keys it by. */
export function authenticatedStorageUrl(supabaseUrl: string, bucket: string, path: string): string {
  return encodeURI(`${storageBase(supabaseUrl)}/object/authenticated/${bucket}/${path.replace(/^\/+/, '')}`)
}

/** JPEG quality of resized photos: a small picture hides less of its compression than the full one. */
export const SIZED_PHOTO_QUALITY = 75

/** The object resized to `width` px wide by Storage (`getPublicUrl(path, { transform: { width, quality } })`). */
export function publicRenderUrl(supabaseUrl: string, bucket: string, path: string, width: number, quality: number): string {
  const query = new URLSearchParams({ width: String(width), quality: String(quality) })
  return `${encodeURI(`${storageBase(supabaseUrl)}/render/image/public/${bucket}/${path.replace(/^\/+/, '')}`)}?${query}`
}
