import { describe, expect, it } from 'vitest'
import { garmentRegions } from './garmentRegions'
import type { GarmentRegion } from './garmentRegion'
import type { Keypoint, KeypointName } from './bodyFrame'
import type { RgbImage } from './imageInput'

// A 400×900 "photo" painted shape by shape: the person's mask is exact, the colours are flat, and the
// keypoints are where a pose model would put them on this figure.
const W = 400
const H = 900

type Paint = (x: number, y: number) => boolean

function canvas() {
  const image: RgbImage = { data: new Uint8Array(W * H * 3).fill(232), width: W, height: H }
  const alpha = new Uint8Array(W * H)
  const paint = (inside: Paint, hex: string) => {
    const n = parseInt(hex.slice(1), 16)
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        if (!inside(x, y)) continue
        const i = y * W + x
        image.data.set([(n >> 16) & 255, (n >> 8) & 255, n & 255], i * 3)
        alpha[i] = 255
      }
    }
  }
  return { image, alpha, paint }
}

const rect =
  (x0: number, y0: number, x1: number, y1: number): Paint =>
  (x, y) =>
    x >= x0 && x < x1 && y >= y0 && y < y1
const disc =
  (cx: number, cy: number, r: number): Paint =>
  (x, y) =>
    (x - cx) ** 2 + (y - cy) ** 2 <= r * r

const SKIN = '#c68642'
const NAVY = '#1f2a5a'

const standing: Record<KeypointName, [number, number]> = {
  nose: [200, 115],
  leftEye: [212, 104],
  rightEye: [188, 104],
  leftEar: [228, 110],
  rightEar: [172, 110],
  leftShoulder: [250, 180],
  rightShoulder: [150, 180],
  leftElbow: [275, 300],
  rightElbow: [125, 300],
  leftWrist: [283, 410],
  rightWrist: [117, 410],
  leftHip: [235, 420],
  rightHip: [165, 420],
  leftKnee: [235, 600],
  rightKnee: [165, 600],
  leftAnkle: [235, 780],
  rightAnkle: [165, 780],
}

function keypoints(scores: Partial<Record<KeypointName, number>> = {}, at = standing): Keypoint[] {
  return (Object.keys(at) as KeypointName[]).map((name) => ({
    name,
    x: at[name][0],
    y: at[name][1],
    score: scores[name] ?? 0.8,
  }))
}

/** Head, neck, arms with short sleeves in `top`, bare forearms and hands. */
function upperBody(paint: (inside: Paint, hex: string) => void, top: string) {
  paint(disc(200, 110, 40), SKIN)
  paint(rect(185, 145, 215, 170), SKIN)
  paint(rect(265, 290, 300, 420), SKIN)
  paint(rect(100, 290, 135, 420), SKIN)
  paint(disc(288, 435, 18), SKIN)
  paint(disc(112, 435, 18), SKIN)
  paint(rect(255, 175, 300, 300), top)
  paint(rect(100, 175, 145, 300), top)
}

function shoes(paint: (inside: Paint, hex: string) => void) {
  paint(rect(200, 780, 282, 822), '#111111')
  paint(rect(118, 780, 200, 822), '#111111')
}

function byCategory(regions: GarmentRegion[], category: GarmentRegion['category']) {
  return regions.filter((r) => r.category === category)
}

describe('garment regions on a full-body figure', () => {
  it('finds a top above long trousers above one pair of shoes', () => {
    const { image, alpha, paint } = canvas()
    upperBody(paint, NAVY)
    paint(rect(140, 165, 260, 400), NAVY)
    paint(rect(205, 400, 265, 790), '#d8c3a5')
    paint(rect(135, 400, 195, 790), '#d8c3a5')
    paint(rect(195, 400, 205, 470), '#d8c3a5')
    shoes(paint)
    const { personFound, regions } = garmentRegions({ image, alpha, keypoints: keypoints() })
    expect(personFound).toBe(true)
    expect(regions.map((r) => r.category).sort()).toEqual(['bottom', 'footwear', 'top'])
    const [top] = byCategory(regions, 'top')
    const [bottom] = byCategory(regions, 'bottom')
    const [footwear] = byCategory(regions, 'footwear')
    // The waistline is found at the colour change (y = 400), not at the hip keypoints (y = 420).
    expect(top!.box.y + top!.box.height).toBeGreaterThanOrEqual(396)
    expect(top!.box.y + top!.box.height).toBeLessThanOrEqual(404)
    expect(Math.abs(bottom!.box.y - 400)).toBeLessThanOrEqual(4)
    expect(bottom!.short).toBe(false)
    // Bare forearms and hands beside the thighs are skin, not trousers.
    expect(bottom!.box.x).toBeGreaterThanOrEqual(125)
    expect(bottom!.box.x + bottom!.box.width).toBeLessThanOrEqual(275)
    expect(top!.sleeves).toBe('short')
    // Both shoes, as one pair, under the trousers.
    expect(footwear!.box.x).toBeLessThanOrEqual(120)
    expect(footwear!.box.x + footwear!.box.width).toBeGreaterThanOrEqual(280)
    expect(footwear!.box.y + footwear!.box.height).toBe(822)
    for (const r of regions) {
      expect(r.confidence).toBeGreaterThan(0.3)
      expect(r.confidence).toBeLessThanOrEqual(0.9)
    }
  })

  it('ends the bottom at the hem of shorts and calls them short', () => {
    const { image, alpha, paint } = canvas()
    upperBody(paint, '#f3f0e8')
    paint(rect(140, 165, 260, 400), '#f3f0e8')
    paint(rect(205, 520, 262, 790), SKIN)
    paint(rect(138, 520, 195, 790), SKIN)
    paint(rect(203, 400, 267, 520), '#3b5b92')
    paint(rect(133, 400, 197, 520), '#3b5b92')
    paint(rect(195, 400, 205, 470), '#3b5b92')
    shoes(paint)
    const { regions } = garmentRegions({ image, alpha, keypoints: keypoints() })
    const [bottom] = byCategory(regions, 'bottom')
    expect(bottom!.short).toBe(true)
    expect(bottom!.box.y + bottom!.box.height).toBeLessThanOrEqual(540)
    expect(bottom!.box.y + bottom!.box.height).toBeGreaterThanOrEqual(515)
    expect(byCategory(regions, 'footwear')).toHaveLength(1)
  })

  it('calls one colour running across the hips, with fabric between the legs, a dress', () => {
    const { image, alpha, paint } = canvas()
    upperBody(paint, '#6d1a2a')
    paint(rect(150, 560, 190, 790), SKIN)
    paint(rect(210, 560, 250, 790), SKIN)
    paint(rect(140, 165, 260, 420), '#6d1a2a')
    paint((x, y) => y >= 420 && y < 560 && Math.abs(x - 200) <= 60 + ((y - 420) / 140) * 30, '#6d1a2a')
    shoes(paint)
    const { regions } = garmentRegions({ image, alpha, keypoints: keypoints() })
    expect(regions.map((r) => r.category).sort()).toEqual(['dress', 'footwear'])
    const [dress] = byCategory(regions, 'dress')
    expect(dress!.short).toBe(true)
    expect(Math.abs(dress!.box.y + dress!.box.height - 560)).toBeLessThanOrEqual(12)
    expect(dress!.confidence).toBeLessThanOrEqual(0.6)
  })

  it('keeps trousers of the same colour as the top a top and a bottom when the legs are apart', () => {
    const { image, alpha, paint } = canvas()
    upperBody(paint, '#36454f')
    paint(rect(140, 165, 260, 400), '#36454f')
    paint(rect(205, 400, 265, 790), '#36454f')
    paint(rect(135, 400, 195, 790), '#36454f')
    paint(rect(195, 400, 205, 440), '#36454f')
    shoes(paint)
    const { regions } = garmentRegions({ image, alpha, keypoints: keypoints() })
    expect(regions.map((r) => r.category).sort()).toEqual(['bottom', 'footwear', 'top'])
  })
})

describe('garment regions never invent legs', () => {
  it('gives a half-body photo a top only, down to the photo edge', () => {
    const { image, alpha, paint } = canvas()
    upperBody(paint, NAVY)
    paint(rect(140, 165, 260, H), NAVY)
    const low = {
      leftHip: 0.12,
      rightHip: 0.1,
      leftKnee: 0.2,
      rightKnee: 0.25,
      leftAnkle: 0.28,
      rightAnkle: 0.2,
    }
    const { personFound, regions } = garmentRegions({ image, alpha, keypoints: keypoints(low) })
    expect(personFound).toBe(true)
    expect(regions.map((r) => r.category)).toEqual(['top'])
    expect(regions[0]!.box.y + regions[0]!.box.height).toBe(H)
  })

  it('accepts a weak ankle only on the mask below a confident knee', () => {
    const { image, alpha, paint } = canvas()
    upperBody(paint, NAVY)
    paint(rect(140, 165, 260, 400), NAVY)
    paint(rect(205, 400, 265, 790), '#d8c3a5')
    paint(rect(135, 400, 195, 790), '#d8c3a5')
    shoes(paint)
    const offMask = {
      ...standing,
      leftAnkle: [380, 860] as [number, number],
      rightAnkle: [20, 860] as [number, number],
    }
    const weak = { leftAnkle: 0.2, rightAnkle: 0.2 }
    expect(
      byCategory(garmentRegions({ image, alpha, keypoints: keypoints(weak, offMask) }).regions, 'footwear'),
    ).toHaveLength(0)
    expect(
      byCategory(garmentRegions({ image, alpha, keypoints: keypoints(weak) }).regions, 'footwear'),
    ).toHaveLength(1)
    const tooWeak = { leftAnkle: 0.1, rightAnkle: 0.1 }
    expect(
      byCategory(garmentRegions({ image, alpha, keypoints: keypoints(tooWeak) }).regions, 'footwear'),
    ).toHaveLength(0)
  })
})

describe('a photo without a person', () => {
  it('is one garment from the whole foreground, categorised from its silhouette with low confidence', () => {
    const { image, alpha, paint } = canvas()
    // A T-shirt laid flat: body plus sleeves, and a speck of mask elsewhere that must not widen the box.
    paint(rect(130, 300, 270, 620), NAVY)
    paint(
      (x, y) => y >= 300 && y < 400 && x >= 60 && x < 340 && y - 300 < 100 - Math.abs(x - 200) * 0.2,
      NAVY,
    )
    paint(rect(10, 10, 16, 16), NAVY)
    const nobody = keypoints(Object.fromEntries(Object.keys(standing).map((k) => [k, 0.1])))
    const { personFound, regions } = garmentRegions({ image, alpha, keypoints: nobody })
    expect(personFound).toBe(false)
    expect(regions).toHaveLength(1)
    expect(regions[0]!.category).toBe('top')
    expect(regions[0]!.confidence).toBeLessThanOrEqual(0.5)
    expect(regions[0]!.box.x).toBeGreaterThanOrEqual(60)
    expect(regions[0]!.box.y).toBe(300)
  })

  it('does not take shoulders alone for a person', () => {
    const { image, alpha, paint } = canvas()
    paint(rect(130, 300, 270, 620), NAVY)
    const onlyShoulders = keypoints(
      Object.fromEntries(Object.keys(standing).map((k) => [k, k.endsWith('Shoulder') ? 0.6 : 0.1])),
    )
    expect(garmentRegions({ image, alpha, keypoints: onlyShoulders }).personFound).toBe(false)
  })

  it('finds nothing in an empty mask', () => {
    const { image, alpha } = canvas()
    expect(
      garmentRegions({
        image,
        alpha,
        keypoints: keypoints(Object.fromEntries(Object.keys(standing).map((k) => [k, 0]))),
      }).regions,
    ).toEqual([])
  })
})
