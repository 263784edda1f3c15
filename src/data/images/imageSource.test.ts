import { describe, expect, it } from 'vitest'
import { fakeSigner, memoryDatabase } from '../testing/memoryReplica'
import { resolveImage } from './imageSource'

describe('resolving images', () => {
  it('shows a waiting upload from the device', async () => {
    const db = memoryDatabase()
    const blob = new Blob(['x'], { type: 'image/jpeg' })
    await db.pendingUploads.put({ key: 'polaroid-images/u/p.jpg', bucket: 'polaroid-images', path: 'u/p.jpg', blob, contentType: 'image/jpeg', createdAt: 0 })
    expect(await resolveImage(db, fakeSigner(), 'polaroid-images/u/p.jpg', null)).toEqual({ kind: 'blob', blob })
  })

  it('uses public URLs for the public bucket and signs private ones once', async () => {
    const db = memoryDatabase()
    const signer = fakeSigner()
    expect(await resolveImage(db, signer, 'polaroid-images/u/p.jpg', null)).toEqual({
      kind: 'url',
      url: 'https://storage.test/public/polaroid-images/u/p.jpg',
    })
    const first = await resolveImage(db, signer, 'wardrobe-stickers/u/s.png', null)
    const again = await resolveImage(db, signer, 'wardrobe-stickers/u/s.png', null)
    expect(first).toEqual(again)
    expect(signer.signed).toBe(1)
    expect(first).toMatchObject({ url: expect.stringContaining('exp=604800') as string })
    await resolveImage(db, signer, 'wardrobe-stickers/u/s.png', null, true)
    expect(signer.signed).toBe(2)
  })

  it('falls back to an external URL, or nothing', async () => {
    const db = memoryDatabase()
    expect(await resolveImage(db, fakeSigner(), null, 'https://e.com/a.jpg')).toEqual({ kind: 'url', url: 'https://e.com/a.jpg' })
    expect(await resolveImage(db, fakeSigner(), null, null)).toBeNull()
  })

  it('offline with no stored link, names the private object by its token-free address (the cache has it)', async () => {
    const db = memoryDatabase()
    const offline = { ...fakeSigner(), sign: () => Promise.reject(new TypeError('Failed to fetch')) }
    expect(await resolveImage(db, offline, 'wardrobe-images/u/i.jpg', null)).toEqual({
      kind: 'url',
      url: 'https://storage.test/authenticated/wardrobe-images/u/i.jpg',
    })
    // A stored link, even an expired one, is kept offline.
    await db.signedUrls.put({ key: 'wardrobe-images/u/i.jpg', url: 'https://storage.test/sign/x?token=old', expiresAt: 0 })
    expect(await resolveImage(db, offline, 'wardrobe-images/u/i.jpg', null)).toEqual({ kind: 'url', url: 'https://storage.test/sign/x?token=old' })
  })
})
