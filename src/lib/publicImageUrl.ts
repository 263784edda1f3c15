// The public URL of an object in a public Storage bucket, exactly as storage-js's getPublicUrl writes it
// (so an image preloaded from this URL is the same cache entry the page's <img> asks for), without
// loading storage-js.
export function publicImageUrl(supabaseUrl: string, bucket: string, path: string): string {
  return encodeURI(`${supabaseUrl}/storage/v1/object/public/${bucket}/${path.replace(/^\/+/, '')}`)
}
