// A garment from an outfit photo, fixed by hand on the photo itself (src/lib/cutout/garmentCrop.ts): the
// server's own engine analyses a real outfit photo (a photographed firefighter on a street where Tux Paint
// is installed, else the footballer), one garment's extraction is then cut short the way a box that is too
// small cuts it (its left part gone), and the editor's session is opened as the worker opens it: the photo
// cropped around that box, the model run on the crop, the extracted picture laid where it was cut from.
// Nothing changes until a stroke; a Keep stroke over the part beyond the extracted picture brings it back.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alphaOnGrid, cropPixels, extractionRect, garmentCrop, placeAlpha, type AlphaImage } from '@/lib/cutout/garmentCrop'
import { DEFAULT_REFINEMENT, refineMask } from '@/lib/cutout/refineMask'
import { downscaleToFit } from '@/lib/cutout/squeeze'
import type { Stroke } from '@/lib/cutout/strokeHints'
import { trimmedRgba, type BoxPercent } from '@/lib/cutout/trim'
import type { RgbImage } from '@/lib/cutout/types'
import { decodeImage } from '../../supabase/api/vision/imageInput'
import { createSegmenter, type Segmenter } from '../../supabase/api/vision/u2net'
import { createVisionEngine, type VisionEngine } from '../../supabase/api/vision/visionEngine'
import type { DetectedGarment } from '../../supabase/api/vision/types'
import { FIREMAN_PHOTOS, largeOutfitPhoto } from '../../tests/support/wardrobePhotos'
import { messiPhoto } from '../../tests/support/testPhotos'
import { createEditSession, previewPixels, renderAlpha, type EditSession } from './editSession'
import fs from 'node:fs'

/** The share of the garment's box, from its left, that the spoilt extraction leaves out. */
const CUT = 0.2
const WORKING_SIDE = 800

const fireman = FIREMAN_PHOTOS.some((file) => fs.existsSync(file))
const messi = messiPhoto()
const photoName = fireman ? 'the firefighter on a street' : 'messi5.jpg'

let engine: VisionEngine
let segmenter: Segmenter
let photo: Uint8Array
let garment: DetectedGarment
let full: AlphaImage

async function alphaOf(png: Uint8Array): Promise<AlphaImage> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const alpha = new Uint8Array(info.width * info.height)
  for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3]!
  return { alpha, width: info.width, height: info.height }
}

/** The extraction as a box too small on the left makes it: the picture's left CUT of the box gone, trimmed. */
function cutShort(picture: AlphaImage, box: BoxPercent): { picture: AlphaImage; box: BoxPercent } {
  // The box bounds the picture's pixels of more than half alpha; the picture's own left edge is a little wider.
  let inner = picture.width
  for (let i = 0; i < picture.alpha.length; i++) if (picture.alpha[i]! > 127) inner = Math.min(inner, i % picture.width)
  let right = 0
  for (let i = 0; i < picture.alpha.length; i++) if (picture.alpha[i]! > 127) right = Math.max(right, i % picture.width)
  const from = Math.round(inner + CUT * (right + 1 - inner))
  const width = picture.width - from
  const alpha = new Uint8Array(width * picture.height)
  for (let y = 0; y < picture.height; y++) alpha.set(picture.alpha.subarray(y * picture.width + from, (y + 1) * picture.width), y * width)
  let opaqueLeft = width
  for (let i = 0; i < alpha.length; i++) if (alpha[i]! > 127) opaqueLeft = Math.min(opaqueLeft, i % width)
  const perPixel = box.width / (right + 1 - inner)
  const cutBox = { ...box, x: box.x + (from + opaqueLeft - inner) * perPixel, width: box.width - (from + opaqueLeft - inner) * perPixel }
  return { picture: { alpha, width, height: picture.height }, box: cutBox }
}

interface Opened {
  session: EditSession
  image: RgbImage
  shown: BoxPercent
  crop: BoxPercent
  start: Uint8Array
}

/** The editor's session as the worker opens it for a garment: crop, working size, model, starting cut-out. */
async function openOnOutfit(picture: AlphaImage, box: BoxPercent, crop = garmentCrop(box)): Promise<Opened> {
  const { width = 0, height = 0 } = await sharp(photo).metadata()
  const part = cropPixels(crop, width, height)
  const { image: decoded } = await decodeImage(photo, { longSide: 2048, crop: part })
  const image = downscaleToFit(decoded, WORKING_SIDE)
  const shown = {
    x: (part.x / width) * 100,
    y: (part.y / height) * 100,
    width: (part.width / width) * 100,
    height: (part.height / height) * 100,
  }
  const mask = await segmenter.segment(image)
  const start = placeAlpha(picture, extractionRect(picture, box, shown, image), image.width, image.height)
  const session = createEditSession(image, mask, 400, { alpha: start, grid: alphaOnGrid(start, image.width, image.height, mask.size) })
  return { session, image, shown, crop, start }
}

beforeAll(async () => {
  if (!fireman && !messi) return
  photo = fireman ? (await largeOutfitPhoto(900, 1200)).jpeg : messi!.bytes
  engine = createVisionEngine({ threads: 2 })
  segmenter = await createSegmenter({ threads: 2 })
  const result = await engine.analyseOutfit(photo)
  const top = result.garments.find((g) => g.category === 'top') ?? result.garments[0]
  if (!top) throw new Error(`No garment found on ${photoName}`)
  garment = top
  full = await alphaOf(top.sticker.png)
}, 180_000)

afterAll(async () => {
  await engine?.release()
  await segmenter?.release()
})

const opaque = (alpha: Uint8Array, i: number) => alpha[i]! > 127

describe.skipIf(!fireman && !messi)(`a garment fixed on its outfit photo (${photoName})`, { timeout: 120_000 }, () => {
  it('lays the extracted picture where it was cut from, and changes nothing until a stroke', async () => {
    const { session, image, start, shown } = await openOnOutfit(full, garment.box)
    // The crop is wider than the garment: there is photo around the picture.
    const trimmed = trimmedRgba(image, start)!
    expect(trimmed.rect.x).toBeGreaterThan(10)
    expect(trimmed.rect.width).toBeLessThan(image.width - 20)
    // The picture's pixels are the photo's own pixels: laid right, its colours match the crop's.
    const rgba = (await sharp(garment.sticker.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })).data
    const rect = extractionRect(full, garment.box, shown, image)
    let difference = 0
    let counted = 0
    for (let y = 0; y < image.height; y += 3)
      for (let x = 0; x < image.width; x += 3) {
        const u = Math.floor(((x + 0.5 - rect.x) * full.width) / rect.width)
        const v = Math.floor(((y + 0.5 - rect.y) * full.height) / rect.height)
        if (u < 1 || v < 1 || u >= full.width - 1 || v >= full.height - 1) continue
        const s = (v * full.width + u) * 4
        if (rgba[s + 3]! < 250) continue
        for (let c = 0; c < 3; c++) difference += Math.abs(rgba[s + c]! - image.data[(y * image.width + x) * 3 + c]!)
        counted += 3
      }
    expect(counted).toBeGreaterThan(300)
    expect(difference / counted).toBeLessThan(24)
    // No strokes: exactly the extracted picture, in the render and the preview.
    expect(renderAlpha(session, [])).toEqual(start)
    const preview = previewPixels(session, [])
    expect(preview.width).toBe(session.preview.width)
  })

  it('a Keep stroke over the part the extraction cut off brings it back in the saved cut-out', async () => {
    const spoilt = cutShort(full, garment.box)
    const opened = await openOnOutfit(spoilt.picture, spoilt.box)
    const { session, image, start } = opened
    // Where the whole garment lies in the working image, and the part of it the spoilt extraction lacks.
    const whole = placeAlpha(full, extractionRect(full, garment.box, opened.shown, image), image.width, image.height)
    const missing: number[] = []
    for (let i = 0; i < whole.length; i++) if (opaque(whole, i) && !opaque(start, i)) missing.push(i)
    expect(missing.length, 'pixels of the garment beyond its extracted picture').toBeGreaterThan(500)
    expect(renderAlpha(session, []).filter((a, i) => a > 127 && !opaque(start, i)).length).toBe(0)

    // A rough stroke down the middle of the missing part: each few rows, the middle of its widest run.
    const points: number[] = []
    const runs: number[] = []
    const isMissing = new Uint8Array(whole.length)
    for (const i of missing) isMissing[i] = 1
    for (let y = 0; y < image.height; y += 8) {
      let best = { start: 0, length: 0 }
      let from = -1
      for (let x = 0; x <= image.width; x++) {
        const inside = x < image.width && isMissing[y * image.width + x] === 1
        if (inside && from < 0) from = x
        if (!inside && from >= 0) {
          if (x - from > best.length) best = { start: from, length: x - from }
          from = -1
        }
      }
      if (best.length < 3) continue
      points.push(best.start + best.length / 2, y)
      runs.push(best.length)
    }
    runs.sort((a, b) => a - b)
    // As the editor keeps it (src/data/wardrobe/cutoutStrokes.ts): to a tenth of a pixel.
    const tenth = (n: number) => Math.round(n * 10) / 10
    const stroke: Stroke = { mode: 'keep', radius: tenth(Math.max(3, runs[Math.floor(runs.length / 2)]! / 3)), points: points.map(tenth) }
    const after = renderAlpha(session, [stroke])
    const back = missing.filter((i) => opaque(after, i)).length
    // Pixels that came in that the model's own cut-out of the crop calls background. More of the wearer
    // than the whole extraction may come in (the engine's garment shape cuts the jacket at the arm and the
    // hem, and a stroke there brings that back too); a little of what the model missed below the hem, of the
    // same grey, comes in with it at the stroke's end (as a stroke's colours spread, strokeHints.ts).
    const model = refineMask(session.mask, image)
    let strays = 0
    for (let i = 0; i < after.length; i++) if (opaque(after, i) && !opaque(start, i) && !opaque(model, i)) strays++
    console.info(
      `${photoName}: ${garment.category} ${image.width}×${image.height} crop of the outfit; ${missing.length} px cut off, ` +
        `${back} back after one Keep stroke (${runs.length} points), ${strays} px of background brought in`,
    )
    expect(back).toBeGreaterThanOrEqual(0.8 * missing.length)
    expect(strays).toBeLessThan(0.25 * missing.length)
    // The extracted picture itself stays.
    let lost = 0
    let kept = 0
    for (let i = 0; i < start.length; i++) {
      if (!opaque(start, i)) continue
      if (opaque(after, i)) kept++
      else lost++
    }
    expect(lost).toBeLessThan(0.03 * kept)
    // Beyond the stroke's reach (its brush, 3 brush radii its colours spread, the guided filter's four
    // windows, in cells of the model's view), the extracted picture is exactly as it was: its straight cut
    // edges elsewhere do not soften.
    const n = session.mask.size
    const [sx, sy] = [n / image.width, n / image.height]
    const brush = Math.max(1, stroke.radius * Math.max(sx, sy))
    const reach = Math.ceil(brush) + Math.ceil(3 * brush) + 4 * DEFAULT_REFINEMENT.radius + 2
    const px = Array.from(stroke.points).filter((_, i) => i % 2 === 0)
    const py = Array.from(stroke.points).filter((_, i) => i % 2 === 1)
    const near = (x: number, y: number) =>
      x * sx >= Math.min(...px) * sx - reach &&
      x * sx <= Math.max(...px) * sx + reach &&
      y * sy >= Math.min(...py) * sy - reach &&
      y * sy <= Math.max(...py) * sy + reach
    let changedFar = 0
    for (let i = 0; i < after.length; i++) {
      const x = i % image.width
      if (after[i] !== start[i] && !near(x, (i - x) / image.width)) changedFar++
    }
    expect(changedFar).toBe(0)
    // The saved cut-out (trimmed as the render trims it) reaches beyond the extracted picture, to the left.
    expect(trimmedRgba(image, after)!.rect.x).toBeLessThan(trimmedRgba(image, start)!.rect.x - 5)

    // Kept with the crop (as cutout_strokes keeps it, through JSON), the stroke reopens on the very same
    // working image and gives the very same cut-out.
    const kept2 = JSON.parse(JSON.stringify({ crop: opened.crop, strokes: [stroke] })) as { crop: BoxPercent; strokes: Stroke[] }
    expect(kept2.crop).toEqual(opened.crop)
    const reopened = await openOnOutfit(spoilt.picture, spoilt.box, kept2.crop)
    expect([reopened.image.width, reopened.image.height]).toEqual([image.width, image.height])
    expect(renderAlpha(reopened.session, kept2.strokes)).toEqual(after)
  })
})
