import { describe, expect, it } from 'vitest'
import { isAssetPath, isCutoutAsset } from './assetPaths'

describe('asset paths', () => {
  it.each(['/robots.txt', '/assets/index-abc.js', '/icons/icon-192.png', '/manifest.webmanifest', '/bench.html', '/assets/ort-wasm-simd-threaded-abc.wasm', '/assets/ort-wasm-simd-threaded-abc.mjs', '/assets/u2netp-abc.onnx'])(
    '%s is a file',
    (path) => expect(isAssetPath(path)).toBe(true),
  )
  it.each(['/', '/milo.reyes', '/sol_h', '/wall/abc', '/profile/june.park', '/wall/a.b/polaroid/c'])('%s is a route', (path) =>
    expect(isAssetPath(path)).toBe(false),
  )
  it.each([
    '/assets/cutout.worker-B3k_x9.js',
    '/assets/cutout.worker--hmBTJaY.js',
    '/assets/ort-wasm-simd-threaded-Dx1a2b.wasm',
    '/assets/ort-wasm-simd-threaded-Dx1a2b.mjs',
    '/assets/u2netp-C9d8e7.onnx',
  ])('%s is a cut-out file the service worker keeps on first use', (path) => expect(isCutoutAsset(path)).toBe(true))
  it.each(['/assets/index-abc.js', '/u2netp.onnx', '/assets/cutout.worker-abc.js/x', '/assets/ort-wasm-simd-threaded.jsep-abc.wasm'])(
    '%s is not a cut-out file',
    (path) => expect(isCutoutAsset(path)).toBe(false),
  )
})
