// The vision pipeline in one thread: bytes → checked, oriented, downscaled pixels → u2netp mask refined at
// the working resolution → (for outfits) MoveNet keypoints → garment regions → stickers, colours and words.
// Each worker of the pool owns one engine; the measurement script runs one in-process. Models load lazily
// on first use (or in warmUp) and stay loaded for the engine's life.
import type { BoxPercent, CutOut, DetectedGarment, OutfitResult } from './types'
import { colorShares } from './colorShares'
import { describeGarment, describeOutfit, type GarmentFacts } from './describeOutfit'
import { garmentRegions } from './garmentRegions'
import {
  ANALYSIS_LONG_SIDE,
  MAX_WORKING_LONG_SIDE,
  clampCrop,
  decodeImage,
  readImageHeader,
  type PixelRect,
  type RgbImage,
} from './imageInput'
import { createPoseDetector, type PoseDetector } from './pose'
import { DEFAULT_REFINEMENT, refineMask, type RefineOptions } from '../../../src/lib/cutout/refineMask'
import { emptyCutOut, encodeSticker, makeSticker, stickerPixels } from './sticker'
import { toBoxPercent } from '../../../src/lib/cutout/trim'
import { downscaleToFit } from '../../../src/lib/cutout/squeeze'
import { createSegmenter, type Segmenter } from './u2net'

export interface VisionEngineOptions {
  /** ORT intra-op threads for u2netp. */
  threads: number
  refinement?: RefineOptions
}

export interface VisionEngine {
  removeBackground(image: Uint8Array, options: { maxSize: number }): Promise<CutOut>
  analyseOutfit(image: Uint8Array): Promise<OutfitResult>
  cutOutRegion(image: Uint8Array, box: BoxPercent, options: { maxSize: number }): Promise<CutOut>
  /** The foreground alpha at the working size, untrimmed (for IoU measurements). */
  foregroundMask(image: Uint8Array, longSide: number): Promise<{ image: RgbImage; alpha: Uint8Array }>
  /** Loads both models and runs each once, so the first real call is as fast as the next. */
  warmUp(): Promise<void>
  release(): Promise<void>
}

/** Stickers in an outfit analysis keep the analysed resolution (they are crops of a ≤ 1024 px image). */
const OUTFIT_STICKER_MAX = ANALYSIS_LONG_SIDE

/** The resolution a cut-out is computed at: what was asked for, within the model's useful range. */
function workingSide(maxSize: number): number {
  return Math.min(MAX_WORKING_LONG_SIDE, Math.max(320, Math.round(maxSize)))
}

/**
 * A photo decoded for a cut-out: by sharp to at most MAX_WORKING_LONG_SIDE, then to the working size by
 * the resampling the device's cut-out worker uses too (src/lib/cutout), so a photo up to that size gives
 * the same mask on either.
 */
async function decodeForCutout(bytes: Uint8Array, longSide: number, crop?: PixelRect) {
  const { header, image } = await decodeImage(bytes, {
    longSide: MAX_WORKING_LONG_SIDE,
    ...(crop ? { crop } : {}),
  })
  return { header, image: downscaleToFit(image, longSide) }
}

export function createVisionEngine(options: VisionEngineOptions): VisionEngine {
  const refinement = options.refinement ?? DEFAULT_REFINEMENT
  let segmenter: Promise<Segmenter> | null = null
  let pose: Promise<PoseDetector> | null = null
  const getSegmenter = () => (segmenter ??= createSegmenter({ threads: options.threads }))
  const getPose = () => (pose ??= createPoseDetector())

  async function mask(image: RgbImage): Promise<Uint8Array> {
    const low = await (await getSegmenter()).segment(image)
    return refineMask(low, image, refinement)
  }

  const engine: VisionEngine = {
    async removeBackground(bytes, { maxSize }) {
      const { image } = await decodeForCutout(bytes, workingSide(maxSize))
      const sticker = await makeSticker(image, await mask(image), null, maxSize)
      return sticker?.cutOut ?? emptyCutOut()
    },

    async cutOutRegion(bytes, box, { maxSize }) {
      const header = await readImageHeader(bytes)
      const crop: PixelRect = {
        x: (box.x / 100) * header.width,
        y: (box.y / 100) * header.height,
        width: (box.width / 100) * header.width,
        height: (box.height / 100) * header.height,
      }
      const { image } = await decodeForCutout(bytes, workingSide(maxSize), crop)
      const pixels = stickerPixels(image, await mask(image), null)
      if (!pixels) return emptyCutOut()
      const cutOut = await encodeSticker(pixels, image.width, image.height, maxSize)
      // The box is relative to the crop; re-express it relative to the whole photo.
      const cropBox = clampCrop(crop, header)
      const scale = cropBox.width / image.width
      const inPhoto: PixelRect = {
        x: cropBox.x + pixels.rect.x * scale,
        y: cropBox.y + pixels.rect.y * (cropBox.height / image.height),
        width: pixels.rect.width * scale,
        height: pixels.rect.height * (cropBox.height / image.height),
      }
      return { ...cutOut, box: toBoxPercent(inPhoto, header.width, header.height) }
    },

    async analyseOutfit(bytes) {
      const timings: Record<string, number> = {}
      const timed = async <T>(step: string, work: () => Promise<T> | T): Promise<T> => {
        const start = performance.now()
        try {
          return await work()
        } finally {
          timings[step] = Math.round(performance.now() - start)
        }
      }
      const started = performance.now()
      const { header, image } = await timed('decode', () =>
        decodeImage(bytes, { longSide: ANALYSIS_LONG_SIDE }),
      )
      const [segmenterReady, poseReady] = await Promise.all([getSegmenter(), getPose()])
      // u2netp runs on ORT's own threads while MoveNet runs on this one, so the two overlap.
      const [low, keypoints] = await Promise.all([
        timed('segment', () => segmenterReady.segment(image)),
        timed('pose', () => poseReady.detect(image)),
      ])
      const alpha = await timed('refine', () => refineMask(low, image, refinement))
      const { personFound, regions } = await timed('regions', () =>
        garmentRegions({ image, alpha, keypoints }),
      )
      const garments = await timed('stickers', async () => {
        const out: (DetectedGarment & { facts: GarmentFacts })[] = []
        for (const region of regions) {
          const sticker = await makeSticker(image, alpha, region.shape, OUTFIT_STICKER_MAX)
          if (!sticker) continue
          const colors = colorShares(sticker.pixels.rgba).map(({ name, share }) => ({
            name,
            share: Math.round(share * 1000) / 1000,
          }))
          const facts: GarmentFacts = { ...region, colors }
          out.push({
            category: region.category,
            box: toBoxPercent(region.box, image.width, image.height),
            confidence: region.confidence,
            colors,
            description: describeGarment(facts),
            sticker: sticker.cutOut,
            facts,
          })
        }
        return out
      })
      const outfit = describeOutfit(
        garments.map((g) => g.facts),
        personFound,
      )
      timings.total = Math.round(performance.now() - started)
      return {
        width: header.width,
        height: header.height,
        personFound,
        garments: garments.map(({ facts: _facts, ...garment }) => garment),
        outfit,
        timings,
      }
    },

    async foregroundMask(bytes, longSide) {
      const { image } = await decodeForCutout(bytes, longSide)
      return { image, alpha: await mask(image) }
    },

    async warmUp() {
      const [seg, detector] = await Promise.all([getSegmenter(), getPose()])
      const blank: RgbImage = { data: new Uint8Array(64 * 64 * 3).fill(128), width: 64, height: 64 }
      await seg.segment(blank)
      await detector.detect(blank)
    },

    async release() {
      if (segmenter) await (await segmenter).release()
      segmenter = null
      pose = null
    },
  }
  return engine
}
