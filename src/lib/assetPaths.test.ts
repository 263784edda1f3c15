import { describe, expect, it } from 'vitest'
import { isAssetPath } from './assetPaths'

describe('asset paths', () => {
  it.each(['/robots.txt', '/assets/index-abc.js', '/icons/icon-192.png', '/manifest.webmanifest', '/bench.html'])(
    '%s is a file',
    (path) => expect(isAssetPath(path)).toBe(true),
  )
  it.each(['/', '/milo.reyes', '/sol_h', '/wall/abc', '/profile/june.park', '/wall/a.b/polaroid/c'])('%s is a route', (path) =>
    expect(isAssetPath(path)).toBe(false),
  )
})
