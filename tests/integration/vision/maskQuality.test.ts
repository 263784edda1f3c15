// Background removal through the real worker pool, scored against composites whose true alpha is known:
// every cut-out is put back where its box says it was and compared pixel for pixel (IoU, >127 counts as
// foreground). The goal is a mean IoU of at least 0.90; each image's score and the worst are printed.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVisionPool, type VisionPool } from '../../../supabase/api/vision/visionPool'
import { cutOutAlpha, maskIoU, wardrobeComposites, type CompositePhoto } from '../../support/wardrobePhotos'

let pool: VisionPool
let photos: CompositePhoto[]

beforeAll(async () => {
  pool = createVisionPool()
  ;[photos] = await Promise.all([wardrobeComposites(), pool.warmUp()])
})

afterAll(async () => {
  await pool.close()
})

describe('background removal quality', () => {
  it('cuts out the composite set with a mean IoU of at least 0.90', { timeout: 300_000 }, async () => {
    expect(photos.filter((p) => p.source === 'drawn').length).toBeGreaterThanOrEqual(14)
    const scores: { name: string; iou: number }[] = []
    for (const photo of photos) {
      const cutOut = await pool.removeBackground(photo.jpeg, { maxSize: 1024 })
      expect(cutOut.box).toBeDefined()
      // Nothing was downscaled (the composites are at most 1024 px), so the cut-out is pixel-exact.
      expect(Math.max(cutOut.width, cutOut.height)).toBeLessThanOrEqual(1024)
      const iou = maskIoU(await cutOutAlpha(cutOut, photo.width, photo.height), photo.truth)
      scores.push({ name: photo.name, iou })
      console.info(`IoU ${iou.toFixed(3)}  ${photo.name}`)
    }
    const mean = scores.reduce((sum, s) => sum + s.iou, 0) / scores.length
    const worst = scores.reduce((w, s) => (s.iou < w.iou ? s : w))
    console.info(
      `IoU mean ${mean.toFixed(4)} over ${scores.length} photos; worst ${worst.iou.toFixed(3)} (${worst.name})`,
    )
    expect(mean).toBeGreaterThanOrEqual(0.9)
  })

  it('caps a cut-out at maxSize and keeps its box in photo percentages', { timeout: 60_000 }, async () => {
    const photo = photos[0]!
    const full = await pool.removeBackground(photo.jpeg, { maxSize: 1024 })
    const small = await pool.removeBackground(photo.jpeg, { maxSize: 200 })
    expect(Math.max(small.width, small.height)).toBeLessThanOrEqual(200)
    expect(Math.max(small.width, small.height)).toBeGreaterThan(100)
    const metadata = await sharp(small.png).metadata()
    expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha]).toEqual([
      'png',
      small.width,
      small.height,
      true,
    ])
    // The same place in the photo, whatever the working size.
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(small.box![key] - full.box![key])).toBeLessThan(3)
  })
})
