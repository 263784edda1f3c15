// Photos whose true foreground is known exactly: garments (drawn, or Tux Paint's clip-art) and a real
// photographed person (Tux Paint's fireman cut-outs) pasted onto real or procedural backgrounds, with a
// soft cast shadow, saved as JPEG like an upload. The vision tests score masks on them (IoU) and the
// bench reuses them. Only the drawn garments are always present; the apt files are used where installed.
import fs from 'node:fs'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { OPENCV_DATA, makeBackground, type Background, type BackgroundKind } from './backgrounds'
import { randomGarment, renderGarment, type GarmentKind, type RgbaImage } from './proceduralGarments'
import { seededRandom, type Random } from './random'
import { oklabDistance, rgbToOklab } from '../../supabase/api/vision/oklab'
import type { CutOut } from '../../supabase/api/vision/types'

export const TUXPAINT_STAMPS = '/usr/share/tuxpaint/stamps'
export const FIREMAN_PHOTOS = ['fireman240a.png', 'fireman200b.png'].map((f) =>
  path.join(TUXPAINT_STAMPS, 'people', f),
)
const tuxpaintClothes = [
  'clothes/t_tshirt.png',
  'clothes/t_shirt.png',
  'clothes/t_poloshirt.png',
  'clothes/t_pants.png',
  'clothes/t_jacket.png',
  'clothes/t_sock.png',
  'clothes/t_baseballcap.png',
  'clothes/hats/blue_fedora.png',
  'clothes/hats/green_fedora.png',
  'clothes/hats/sombrero.png',
].map((f) => path.join(TUXPAINT_STAMPS, f))

export type CompositeSource = 'drawn' | 'tuxpaint' | 'fireman'

export interface CompositePhoto {
  /** Stable and descriptive, e.g. 'drawn-dress-stripes@800x600/photo:leuvenA'. */
  name: string
  source: CompositeSource
  /** The composite as an upload would arrive: a JPEG. */
  jpeg: Uint8Array
  width: number
  height: number
  /** Ground truth, one byte per pixel: the pasted subject's alpha (>127 counts as foreground). */
  truth: Uint8Array
}

export interface CompositeOptions {
  seed?: number
  /** How many drawn garments (the always-available part). */
  drawn?: number
  /** Include Tux Paint clip-art and fireman photos where installed. */
  installed?: boolean
}

const sizes: [number, number][] = [
  [800, 800],
  [800, 600],
  [640, 800],
  [1024, 768],
  [512, 512],
  [800, 1000],
]
const backgroundKinds: BackgroundKind[] = ['photo', 'bokeh', 'texture', 'tiles', 'room', 'photo']

/** The composite set: deterministic for a seed and the set of installed files. */
export async function wardrobeComposites(options: CompositeOptions = {}): Promise<CompositePhoto[]> {
  const random = seededRandom(options.seed ?? 20261123)
  const photos: CompositePhoto[] = []
  const drawn = options.drawn ?? 14
  for (let i = 0; i < drawn; i++) {
    const kind: GarmentKind = (['tshirt', 'jacket', 'trousers', 'dress', 'skirt', 'sneaker', 'cap'] as const)[
      i % 7
    ]!
    const spec = randomGarment(random, kind)
    const [w, h] = sizes[i % sizes.length]!
    const garment = await renderGarment(spec, Math.round(Math.min(w, h) * (0.6 + random.next() * 0.3)))
    photos.push(await composite(random, garment, w, h, `drawn-${kind}-${spec.pattern}`, 'drawn'))
  }
  if (options.installed ?? true) {
    for (const file of tuxpaintClothes.filter((f) => fs.existsSync(f))) {
      const [w, h] = random.pick(sizes)
      const garment = await tuxpaintGarment(
        random,
        file,
        Math.round(Math.min(w, h) * (0.5 + random.next() * 0.35)),
      )
      photos.push(
        await composite(random, garment, w, h, `tuxpaint-${path.basename(file, '.png')}`, 'tuxpaint'),
      )
    }
    for (const file of FIREMAN_PHOTOS.filter((f) => fs.existsSync(f))) {
      for (const [w, h] of [
        [600, 800],
        [768, 1024],
      ] as const) {
        const person = await loadRgba(
          sharp(file).resize({ height: Math.round(h * (0.75 + random.next() * 0.2)) }),
        )
        photos.push(
          await composite(random, person, w, h, `fireman-${path.basename(file, '.png')}`, 'fireman'),
        )
      }
    }
  }
  return photos
}

/**
 * Tux Paint's clip-art garments are mostly white or grey; those are dyed (multiplied by a random fabric
 * colour, which keeps the drawn shading) so the set is not all white on white.
 */
async function tuxpaintGarment(random: Random, file: string, size: number): Promise<RgbaImage> {
  const garment = await loadRgba(sharp(file).resize(size, size, { fit: 'inside' }))
  let chroma = 0
  let opaque = 0
  for (let i = 0; i < garment.data.length; i += 4) {
    if (garment.data[i + 3]! < 128) continue
    const { r, g, b } = { r: garment.data[i]!, g: garment.data[i + 1]!, b: garment.data[i + 2]! }
    chroma += Math.max(r, g, b) - Math.min(r, g, b)
    opaque++
  }
  if (opaque === 0 || chroma / opaque > 24) return garment
  const dye = random.pick([
    [138, 43, 58],
    [43, 74, 138],
    [200, 122, 42],
    [58, 106, 58],
    [208, 112, 144],
    [106, 90, 154],
  ])
  for (let i = 0; i < garment.data.length; i += 4) {
    for (let c = 0; c < 3; c++) garment.data[i + c] = Math.round((garment.data[i + c]! * dye[c]!) / 255)
  }
  return garment
}

async function loadRgba(pipeline: Sharp): Promise<RgbaImage> {
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  }
}

/**
 * Pastes `subject` at a random place on a w×h background with a soft shadow beneath it. A background too
 * close in mean colour to the subject (OKLab distance < 0.15) is redrawn, up to 4 times: a green check cap
 * on green check tiles is camouflage, not a fair test of a salient-object model, nor a photo anyone takes
 * to log a garment. Other distractors (a framed picture, a busy street) stay in.
 */
async function composite(
  random: Random,
  subject: RgbaImage,
  w: number,
  h: number,
  label: string,
  source: CompositeSource,
): Promise<CompositePhoto> {
  const fitted =
    subject.width > w || subject.height > h
      ? await loadRgba(
          sharp(subject.data, { raw: { width: subject.width, height: subject.height, channels: 4 } }).resize(
            w,
            h,
            { fit: 'inside' },
          ),
        )
      : subject
  const left = random.int(w - fitted.width + 1)
  const top = random.int(h - fitted.height + 1)
  let background: Background = await makeBackground(random, random.pick(backgroundKinds), w, h)
  for (let attempt = 0; attempt < 4 && colourDistance(fitted, background, left, top) < 0.15; attempt++) {
    background = await makeBackground(random, random.pick(backgroundKinds), w, h)
  }
  const truth = new Uint8Array(w * h)
  for (let y = 0; y < fitted.height; y++) {
    for (let x = 0; x < fitted.width; x++)
      truth[(top + y) * w + left + x] = fitted.data[(y * fitted.width + x) * 4 + 3]!
  }
  const shadow = await castShadow(truth, w, h, Math.round(Math.max(fitted.width, fitted.height) * 0.03))
  const rgb = new Uint8Array(background.data)
  for (let i = 0; i < w * h; i++) {
    const darken = 1 - 0.45 * (shadow[i]! / 255)
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = rgb[i * 3 + c]! * darken
  }
  for (let y = 0; y < fitted.height; y++) {
    for (let x = 0; x < fitted.width; x++) {
      const s = (y * fitted.width + x) * 4
      const a = fitted.data[s + 3]! / 255
      const d = ((top + y) * w + left + x) * 3
      for (let c = 0; c < 3; c++) rgb[d + c] = Math.round(fitted.data[s + c]! * a + rgb[d + c]! * (1 - a))
    }
  }
  const jpeg = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
  return {
    name: `${label}@${w}x${h}/${background.name}`,
    source,
    jpeg: new Uint8Array(jpeg),
    width: w,
    height: h,
    truth,
  }
}

/** The subject's alpha, offset down-right and blurred: a shadow on the surface behind it. */
async function castShadow(alpha: Uint8Array, w: number, h: number, offset: number): Promise<Uint8Array> {
  const shifted = new Uint8Array(w * h)
  for (let y = offset; y < h; y++)
    for (let x = offset; x < w; x++) shifted[y * w + x] = alpha[(y - offset) * w + x - offset]!
  const blurred = await sharp(shifted, { raw: { width: w, height: h, channels: 1 } })
    .blur(Math.max(1, offset))
    .raw()
    .toBuffer()
  return new Uint8Array(blurred.buffer, blurred.byteOffset, blurred.byteLength)
}

/** OKLab distance between the subject's mean colour and the background's mean colour around it (inside its box). */
function colourDistance(subject: RgbaImage, background: Background, left: number, top: number): number {
  const inside = { L: 0, a: 0, b: 0, n: 0 }
  const around = { L: 0, a: 0, b: 0, n: 0 }
  for (let y = 0; y < subject.height; y += 2) {
    for (let x = 0; x < subject.width; x += 2) {
      const s = (y * subject.width + x) * 4
      const d = ((top + y) * background.width + left + x) * 3
      const opaque = subject.data[s + 3]! > 127
      const lab = opaque
        ? rgbToOklab(subject.data[s]!, subject.data[s + 1]!, subject.data[s + 2]!)
        : rgbToOklab(background.data[d]!, background.data[d + 1]!, background.data[d + 2]!)
      const sum = opaque ? inside : around
      sum.L += lab.L
      sum.a += lab.a
      sum.b += lab.b
      sum.n++
    }
  }
  if (inside.n === 0 || around.n === 0) return 1
  const mean = (s: typeof inside) => ({ L: s.L / s.n, a: s.a / s.n, b: s.b / s.n })
  return oklabDistance(mean(inside), mean(around))
}

/** Intersection over union of two alpha masks of the same size, each thresholded at >127. */
export function maskIoU(predicted: Uint8Array, truth: Uint8Array): number {
  if (predicted.length !== truth.length)
    throw new Error(`mask sizes differ: ${predicted.length} vs ${truth.length}`)
  let intersection = 0
  let union = 0
  for (let i = 0; i < truth.length; i++) {
    const p = predicted[i]! > 127
    const t = truth[i]! > 127
    if (p && t) intersection++
    if (p || t) union++
  }
  return union === 0 ? 1 : intersection / union
}

/**
 * A cut-out's alpha put back into an empty mask of the photo's size, where its box says it was (scaled to
 * the box when the cut-out was capped smaller), ready for `maskIoU` against the photo's truth.
 */
export async function cutOutAlpha(cutOut: CutOut, width: number, height: number): Promise<Uint8Array> {
  if (!cutOut.box) throw new Error('The cut-out has no box: it cannot be placed over its photo.')
  const left = Math.round((cutOut.box.x / 100) * width)
  const top = Math.round((cutOut.box.y / 100) * height)
  const w = Math.max(1, Math.min(width - left, Math.round((cutOut.box.width / 100) * width)))
  const h = Math.max(1, Math.min(height - top, Math.round((cutOut.box.height / 100) * height)))
  const alpha = await sharp(cutOut.png)
    .ensureAlpha()
    .extractChannel(3)
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer()
  const mask = new Uint8Array(width * height)
  for (let y = 0; y < h; y++) mask.set(alpha.subarray(y * w, (y + 1) * w), (top + y) * width + left)
  return mask
}

/**
 * A 12-megapixel outfit photo (a 4000 × 3000 JPEG, as a phone takes them) for timing a whole analysis: the
 * photographed firefighter on a street where Tux Paint and opencv-doc are installed, else messi5 enlarged,
 * else a drawn garment on a procedural background (always available).
 */
export async function largeOutfitPhoto(
  width = 4000,
  height = 3000,
): Promise<{ jpeg: Uint8Array; source: string }> {
  const random = seededRandom(12)
  const fireman = FIREMAN_PHOTOS.find((f) => fs.existsSync(f))
  const messi = path.join(OPENCV_DATA, 'messi5.jpg')
  let pipeline: Sharp
  let source: string
  if (fireman) {
    const background = await makeBackground(random, 'photo', width, height)
    const person = await sharp(fireman)
      .resize({ height: Math.round(height * 0.9) })
      .png()
      .toBuffer()
    pipeline = sharp(background.data, { raw: { width, height, channels: 3 } }).composite([
      { input: person, left: Math.round(width * 0.35), top: Math.round(height * 0.05) },
    ])
    source = `${path.basename(fireman)} on ${background.name}`
  } else if (fs.existsSync(messi)) {
    pipeline = sharp(messi).resize(width, height, { fit: 'cover' })
    source = 'messi5.jpg enlarged'
  } else {
    const garment = await renderGarment(randomGarment(random, 'dress'), Math.round(height * 0.8))
    const background = await makeBackground(random, 'room', width, height)
    const png = await sharp(garment.data, {
      raw: { width: garment.width, height: garment.height, channels: 4 },
    })
      .png()
      .toBuffer()
    pipeline = sharp(background.data, { raw: { width, height, channels: 3 } }).composite([
      { input: png, left: Math.round(width * 0.3), top: Math.round(height * 0.1) },
    ])
    source = 'a drawn dress'
  }
  const jpeg = await pipeline.jpeg({ quality: 90 }).toBuffer()
  return { jpeg: new Uint8Array(jpeg), source }
}
