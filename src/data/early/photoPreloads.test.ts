import { describe, expect, it } from 'vitest'
import { publicSrcSet } from '../images/sizedSources'
import type { ImageSigner } from '../replica'
import type { PolaroidRow, StickerRow, WallRow } from '../model/rows'
import { photoPreloads } from './photoPreloads'
import type { EarlyWall } from './readWallEarly'
import { publicRenderUrl, publicStorageUrl, SIZED_PHOTO_QUALITY } from '@/lib/publicStorageUrl'

const polaroid = (id: string, x: number, imagePath: string | null = `polaroid-images/w1/${id}.jpg`) =>
  ({ id, wallId: 'w1', name: id, message: '', imagePath, timestamp: 1, createdBy: 'u1', x, y: 0, zIndex: 1, txid: '1' }) as unknown as PolaroidRow
const sticker = { id: 's1', wallId: 'w1', imagePath: 'wardrobe-stickers/u1/s.png', x: 300, y: 0 } as unknown as StickerRow

const wall = (polaroids: PolaroidRow[], stickers: StickerRow[] = [], pending: string[] = []): EarlyWall => ({
  wall: null,
  owner: null,
  polaroids,
  stickers,
  pending: new Set(pending),
  pulled: true,
  source: 'replica',
})
const phone = { supabaseUrl: 'http://stack', imageTransforms: true, viewport: { width: 390, height: 844 } }

/** What the card's own <img srcset> is, made by the app's image signer for the same photo. */
const signer = {
  publicUrl: (bucket: string, path: string) => publicStorageUrl('http://stack', bucket, path),
  publicSizedUrl: (bucket: string, path: string, width: number) => publicRenderUrl('http://stack', bucket, path, width, SIZED_PHOTO_QUALITY),
} as unknown as ImageSigner

describe('photoPreloads', () => {
  it("gives each visible card's photo the srcset its card has, never the whole photo alone", () => {
    const preloads = photoPreloads(wall([polaroid('p1', 0), polaroid('far', 50_000)]), phone)
    const path = 'polaroid-images/w1/p1.jpg'
    expect(preloads).toEqual([
      { imageSrcset: publicSrcSet(signer, path, signer.publicUrl('polaroid-images', 'w1/p1.jpg')), imageSizes: '147px' },
    ])
  })

  it('preloads the whole photo where that is what the card shows: a project without image transformations', () => {
    const untransformed = photoPreloads(wall([polaroid('p1', 0)]), { ...phone, imageTransforms: false })
    expect(untransformed).toEqual([{ href: 'http://stack/storage/v1/object/public/polaroid-images/w1/p1.jpg' }])
  })

  it("preloads a private wall's photos whole: Storage renders smaller sizes only for readers a request names", () => {
    const closed = { ...wall([polaroid('p1', 0)]), wall: { id: 'w1', private: true } as unknown as WallRow }
    expect(photoPreloads(closed, phone)).toEqual([{ href: 'http://stack/storage/v1/object/public/polaroid-images/w1/p1.jpg' }])
  })

  it('skips photos still waiting to upload, cards without one, and stickers (private pictures)', () => {
    const pending = 'polaroid-images/w1/p1.jpg'
    expect(photoPreloads(wall([polaroid('p1', 0), polaroid('p2', 10, null)], [sticker], [pending]), phone)).toEqual([])
  })
})
