import { describe, expect, it } from 'vitest'
import { LIVE_SERVICE_PATTERNS, imageCacheKey, isLiveServicePath, wholeObjectKey } from './imageCacheKey'

describe('image cache keys', () => {
  it('drop the token and unify public, signed and authenticated links', () => {
    const key = 'http://localhost:54321/storage/v1/object/wardrobe-stickers/u1/stickers/a.png'
    expect(imageCacheKey('http://localhost:54321/storage/v1/object/sign/wardrobe-stickers/u1/stickers/a.png?token=abc')).toBe(key)
    expect(imageCacheKey('http://localhost:54321/storage/v1/object/sign/wardrobe-stickers/u1/stickers/a.png?token=xyz')).toBe(key)
    expect(imageCacheKey('http://localhost:54321/storage/v1/object/authenticated/wardrobe-stickers/u1/stickers/a.png')).toBe(key)
    expect(imageCacheKey('http://localhost:54321/storage/v1/object/public/polaroid-images/u1/p.jpg?t=1')).toBe(
      'http://localhost:54321/storage/v1/object/polaroid-images/u1/p.jpg',
    )
  })

  it('keep each rendered size apart, under the object, whatever the link', () => {
    const whole = 'http://localhost:54321/storage/v1/object/polaroid-images/u1/p.jpg'
    const small = imageCacheKey('http://localhost:54321/storage/v1/render/image/public/polaroid-images/u1/p.jpg?width=240&quality=75')
    expect(small).toBe(`${whole}?width=240&quality=75`)
    expect(imageCacheKey('http://localhost:54321/storage/v1/render/image/sign/polaroid-images/u1/p.jpg?token=t&quality=75&width=240')).toBe(small)
    expect(imageCacheKey('http://localhost:54321/storage/v1/render/image/public/polaroid-images/u1/p.jpg?width=480&quality=75')).not.toBe(small)
    expect(imageCacheKey('http://localhost:54321/storage/v1/render/image/public/polaroid-images/u1/p.jpg')).toBe(whole)
    expect(wholeObjectKey(small!)).toBe(whole)
  })

  it('ignore anything that is not a stored object', () => {
    expect(imageCacheKey('http://localhost:54321/assets/index.js')).toBeNull()
    expect(imageCacheKey('https://example.com/photo.jpg')).toBeNull()
  })

  it('never cache auth, REST, realtime, the API or the inbox', () => {
    for (const path of ['/auth/v1/token', '/rest/v1/rpc/sync_pull', '/realtime/v1/websocket', '/api/walls', '/inbox/messages']) {
      expect(isLiveServicePath(path)).toBe(true)
    }
    expect(isLiveServicePath('/storage/v1/object/public/polaroid-images/a.jpg')).toBe(false)
    expect(isLiveServicePath('/wall/abc')).toBe(false)
  })

  it('route to the network statically exactly the paths the worker leaves alone', () => {
    // URLPattern's pathname syntax as used here: a trailing * matches the rest of the path.
    const matches = (path: string) => LIVE_SERVICE_PATTERNS.some((p) => path.startsWith(p.slice(0, -1)))
    for (const path of ['/auth/v1/token', '/rest/v1/rpc/sync_pull', '/realtime/v1/websocket', '/functions/v1/x', '/api/walls', '/inbox', '/inbox/messages', '/storage/v1/object/public/a.jpg', '/wall/abc', '/api', '/restore']) {
      expect(matches(path), path).toBe(isLiveServicePath(path))
    }
    expect(LIVE_SERVICE_PATTERNS.every((p) => p.endsWith('*') && p.indexOf('*') === p.length - 1)).toBe(true)
  })
})
