import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeSigner, memoryDatabase } from '../testing/memoryReplica'
import { resolveImage } from './imageSource'
import { acquireImage, type Resolve } from './sharedImageSources'

const PATH = 'ootd-images/u/outfit.jpg'

async function withWaitingPhoto() {
  const db = memoryDatabase()
  const blob = new Blob(['x'], { type: 'image/jpeg' })
  await db.pendingUploads.put({ key: PATH, bucket: 'ootd-images', path: 'u/outfit.jpg', blob, contentType: 'image/jpeg', createdAt: 0 })
  return db
}

/** `resolveImage`, counted. */
function counted() {
  const calls: string[] = []
  const resolve: Resolve = (db, signer, imagePath, externalUrl, fresh) => {
    calls.push(imagePath ?? '')
    return resolveImage(db, signer, imagePath, externalUrl, fresh)
  }
  return { calls, resolve }
}

afterEach(() => vi.restoreAllMocks())

describe('shared image sources', () => {
  it('reads a waiting photo once for everyone showing it, and revokes its one object URL with the last release', async () => {
    const db = await withWaitingPhoto()
    const signer = fakeSigner()
    const { calls, resolve } = counted()
    const revoke = vi.spyOn(URL, 'revokeObjectURL')
    const row = acquireImage(db, signer, PATH, resolve)
    const card = acquireImage(db, signer, PATH, resolve)
    const [inRow, onCard] = await Promise.all([row.source, card.source])
    expect(calls).toEqual([PATH])
    expect(inRow).toEqual({ url: expect.stringMatching(/^blob:/) as string, local: true })
    expect(onCard).toEqual(inRow)
    // Shown again while the card still shows it: the same copy, no new read.
    const dialog = acquireImage(db, signer, PATH, resolve)
    expect(await dialog.source).toEqual(inRow)
    expect(calls).toHaveLength(1)
    row.release()
    row.release()
    dialog.release()
    expect(revoke).not.toHaveBeenCalled()
    card.release()
    expect(revoke).toHaveBeenCalledExactlyOnceWith(inRow!.url)
    // Nobody shows it any more: the next one reads it again.
    const later = acquireImage(db, signer, PATH, resolve)
    expect((await later.source)?.url).not.toBe(inRow!.url)
    expect(calls).toHaveLength(2)
    later.release()
  })

  it('makes no object URL for a photo everyone let go of before it was read', async () => {
    const db = await withWaitingPhoto()
    const create = vi.spyOn(URL, 'createObjectURL')
    const shown = acquireImage(db, fakeSigner(), PATH)
    shown.release()
    expect(await shown.source).toBeNull()
    expect(create).not.toHaveBeenCalled()
  })

  it('shares a link only while it is being resolved', async () => {
    const db = memoryDatabase()
    const signer = fakeSigner()
    const { calls, resolve } = counted()
    const path = 'wardrobe-images/u/shirt.jpg'
    const first = acquireImage(db, signer, path, resolve)
    const second = acquireImage(db, signer, path, resolve)
    const link = await first.source
    expect(link).toEqual({ url: expect.stringContaining('/sign/wardrobe-images/u/shirt.jpg') as string, local: false })
    expect(await second.source).toEqual(link)
    expect(signer.signed).toBe(1)
    // Once resolved, a link is not held here (the replica keeps signed links): the next asks again.
    const third = acquireImage(db, signer, path, resolve)
    expect(await third.source).toEqual(link)
    expect(calls).toEqual([path, path])
    for (const shown of [first, second, third]) shown.release()
  })
})
