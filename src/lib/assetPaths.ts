// Paths that name static files rather than app routes. Usernames may contain dots (/milo.reyes), so
// only known asset extensions count; everything else is a route and gets the app shell. The cut-out
// runtime's .wasm and the model's .onnx are files too: a missing one is a 404, never the shell.
export const assetPathPattern =
  /\.(?:html?|txt|xml|json|js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|webmanifest|woff2?|wasm|onnx)$/i

export function isAssetPath(pathname: string): boolean {
  return assetPathPattern.test(pathname)
}

/**
 * The cut-out worker's own files, fetched only when the wardrobe is used: the worker chunk, onnxruntime's
 * glue and WebAssembly, the model (hashed build assets, so a new build's files get new names).
 */
const cutoutAssetPattern =
  /^\/assets\/(?:cutout\.worker|ort-wasm-simd-threaded|u2netp)-[\w-]+\.(?:js|mjs|wasm|onnx)$/

export function isCutoutAsset(pathname: string): boolean {
  return cutoutAssetPattern.test(pathname)
}
