// A public Storage object's address, made without storage-js (no request is needed): the same URL
// storage-js's `getPublicUrl` returns (leading slashes dropped, then `encodeURI`), checked against it in
// the test beside this file.
export function publicStorageUrl(supabaseUrl: string, bucket: string, path: string): string {
  return encodeURI(`${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${path.replace(/^\/+/, '')}`)
}
