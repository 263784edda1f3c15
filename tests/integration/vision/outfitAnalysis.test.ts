// Outfit analysis through the real worker pool on real photos: a full-body footballer (top, shorts, boots),
// a half-body portrait (a top and nothing invented below it), a photographed firefighter pasted onto a
// background, and a garment alone. Only robust facts are asserted: which garments, their order down the
// body, named colours, boxes that stay put when the photo is enlarged or stored rotated with an EXIF tag.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { colorNameList } from '../../../supabase/api/vision/colorNames'
import type { DetectedGarment, OutfitResult } from '../../../supabase/api/vision/types'
import { createVisionPool, type VisionPool } from '../../../supabase/api/vision/visionPool'
import { astronautPhoto, firemanCutOut, messiPhoto, unlessInstalled } from '../../support/testPhotos'
import { wardrobeComposites } from '../../support/wardrobePhotos'

let pool: VisionPool

beforeAll(async () => {
  pool = createVisionPool()
  await pool.warmUp()
})

afterAll(async () => {
  await pool.close()
})

const messi = messiPhoto()
const astronaut = astronautPhoto()
const fireman = firemanCutOut()

function only(result: OutfitResult, category: DetectedGarment['category']): DetectedGarment {
  const found = result.garments.filter((g) => g.category === category)
  expect(found, `${category} garments`).toHaveLength(1)
  return found[0]!
}

const bottomEdge = (g: DetectedGarment) => g.box.y + g.box.height
const centreY = (g: DetectedGarment) => g.box.y + g.box.height / 2

function expectWellFormed(result: OutfitResult) {
  for (const garment of result.garments) {
    expect(garment.confidence).toBeGreaterThan(0)
    expect(garment.confidence).toBeLessThanOrEqual(0.9)
    expect(garment.colors.length).toBeGreaterThan(0)
    expect(garment.colors.length).toBeLessThanOrEqual(3)
    for (const color of garment.colors) expect(colorNameList).toContain(color.name)
    expect(garment.description.length).toBeGreaterThan(3)
    expect(garment.box.x).toBeGreaterThanOrEqual(0)
    expect(garment.box.x + garment.box.width).toBeLessThanOrEqual(100.001)
    expect(garment.box.y + garment.box.height).toBeLessThanOrEqual(100.001)
    expect(garment.sticker.png.byteLength).toBeGreaterThan(100)
  }
  expect(result.outfit.confidence).toBeLessThanOrEqual(0.6)
  for (const step of ['decode', 'segment', 'pose', 'refine', 'regions', 'stickers', 'total'])
    expect(result.timings[step]).toBeGreaterThanOrEqual(0)
}

describe('outfit analysis of a full-body photo', () => {
  it.skipIf(!messi)(
    `finds a top above a bottom above footwear on messi5.jpg${unlessInstalled(messi, 'messi5.jpg', 'opencv-doc')}`,
    async () => {
      const result = await pool.analyseOutfit(messi!.bytes)
      console.info(
        result.garments.map((g) => `${g.description} (${g.confidence})`).join(', '),
        JSON.stringify(result.outfit),
        JSON.stringify(result.timings),
      )
      expect([result.width, result.height]).toEqual([548, 342])
      expect(result.personFound).toBe(true)
      expectWellFormed(result)
      const top = only(result, 'top')
      const bottom = only(result, 'bottom')
      const footwear = only(result, 'footwear')
      expect(centreY(top)).toBeLessThan(centreY(bottom))
      expect(bottomEdge(top)).toBeLessThanOrEqual(bottom.box.y + 5)
      expect(centreY(footwear)).toBeGreaterThan(centreY(bottom))
      expect(bottomEdge(footwear)).toBeGreaterThan(75)
      // The shirt is in the middle of the frame, the shorts below the middle.
      expect(top.box.y).toBeGreaterThan(25)
      expect(bottom.box.y).toBeGreaterThan(50)
    },
  )

  it.skipIf(!messi)(
    `reports boxes as percentages of the upright photo, whatever its size or EXIF orientation${unlessInstalled(messi, 'messi5.jpg', 'opencv-doc')}`,
    async () => {
      const upright = await pool.analyseOutfit(messi!.bytes)
      const enlarged = await pool.analyseOutfit(
        new Uint8Array(await sharp(messi!.bytes).resize(2192).jpeg({ quality: 92 }).toBuffer()),
      )
      // Stored turned on its side, with an EXIF tag saying how to turn it back (a phone's portrait photo).
      const sideways = await sharp(messi!.bytes)
        .rotate(-90)
        .jpeg({ quality: 92 })
        .withMetadata({ orientation: 6 })
        .toBuffer()
      const turned = await pool.analyseOutfit(new Uint8Array(sideways))
      expect([enlarged.width, enlarged.height]).toEqual([2192, 1368])
      expect([turned.width, turned.height]).toEqual([548, 342])
      for (const other of [enlarged, turned]) {
        for (const category of ['top', 'bottom'] as const) {
          const a = only(upright, category)
          const b = only(other, category)
          expect(Math.abs(centreY(a) - centreY(b))).toBeLessThan(5)
          expect(Math.abs(a.box.x + a.box.width / 2 - (b.box.x + b.box.width / 2))).toBeLessThan(5)
        }
      }
    },
  )
})

describe('outfit analysis never invents legs', () => {
  it.skipIf(!astronaut)(
    `gives the half-body astronaut a top only${unlessInstalled(astronaut, 'astronaut.png', 'python3-skimage')}`,
    async () => {
      const result = await pool.analyseOutfit(astronaut!.bytes)
      console.info(result.garments.map((g) => `${g.description} (${g.confidence})`).join(', '))
      expect(result.personFound).toBe(true)
      expect(result.garments.map((g) => g.category)).toEqual(['top'])
      expectWellFormed(result)
      // The suit fills the lower half of the portrait.
      expect(bottomEdge(result.garments[0]!)).toBeGreaterThan(95)
    },
  )
})

describe('outfit analysis of a photographed person on a new background', () => {
  it.skipIf(!fireman)(
    `orders the firefighter's garments down the body${unlessInstalled(fireman, 'fireman240a.png', 'tuxpaint-stamps-default')}`,
    async () => {
      const person = sharp(fireman!.bytes).resize({ height: 720 })
      const photo = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#5b7a8c' } })
        .composite([{ input: await person.png().toBuffer(), left: 150, top: 40 }])
        .jpeg({ quality: 90 })
        .toBuffer()
      const result = await pool.analyseOutfit(new Uint8Array(photo))
      console.info(result.garments.map((g) => `${g.description} (${g.confidence})`).join(', '))
      expect(result.personFound).toBe(true)
      expectWellFormed(result)
      const top = only(result, 'top')
      const bottom = only(result, 'bottom')
      const footwear = only(result, 'footwear')
      expect(centreY(top)).toBeLessThan(centreY(bottom))
      expect(centreY(bottom)).toBeLessThan(centreY(footwear))
      expect(bottomEdge(footwear)).toBeGreaterThan(85)
      expect(bottom.description).not.toContain('shorts')
    },
  )
})

describe('outfit analysis of a garment alone', () => {
  it('makes one garment of a T-shirt product photo, with a low confidence to confirm', async () => {
    const [tee] = await wardrobeComposites({ drawn: 1, installed: false })
    const result = await pool.analyseOutfit(tee!.jpeg)
    console.info(result.garments.map((g) => `${g.description} (${g.confidence})`).join(', '))
    expect(result.personFound).toBe(false)
    expect(result.garments).toHaveLength(1)
    expect(result.garments[0]!.category).toBe('top')
    expect(result.garments[0]!.confidence).toBeLessThanOrEqual(0.5)
    expectWellFormed(result)
  })
})
