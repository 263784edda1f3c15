import { describe, expect, it } from 'vitest'
import { imageCacheFor } from '../../src/lib/cacheNames'
import { imageCacheName } from './imageCaches'

const base = 'http://127.0.0.1:54321/storage/v1/object'

describe('imageCacheName', () => {
  it('keeps each signed-in person’s images in a cache of their own', () => {
    expect(imageCacheName(`${base}/sign/wardrobe-images/a/b.jpg?token=t`, 'user-a')).toBe(
      imageCacheFor('user-a'),
    )
    expect(imageCacheName(`${base}/public/polaroid-images/a/b.jpg`, 'user-b')).toBe(imageCacheFor('user-b'))
    expect(imageCacheFor('user-a')).not.toBe(imageCacheFor('user-b'))
  })

  it('caches only public images for a guest, never a private one', () => {
    expect(imageCacheName(`${base}/public/polaroid-images/a/b.jpg`, null)).toBe(imageCacheFor(null))
    expect(imageCacheName(`${base}/sign/wardrobe-images/a/b.jpg?token=t`, null)).toBeNull()
    expect(imageCacheName(`${base}/authenticated/wardrobe-images/a/b.jpg`, null)).toBeNull()
  })
})
