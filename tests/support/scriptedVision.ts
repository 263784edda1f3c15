// A vision layer whose answers and timing a test decides, for the tests of the job runner and the API
// around it (persistence, restarts, queues, refusals): what those test is the plumbing, and they must be
// able to hold a job mid-flight or make the pool look full. The real models have their own tests
// (tests/integration/vision, tests/integration/api/wardrobe/realModels.test.ts).
import sharp from 'sharp'
import {
  ImageRejectedError,
  VisionBusyError,
  type BoxPercent,
  type CutOut,
  type DetectedGarment,
  type OutfitResult,
  type VisionService,
} from '../../supabase/api/vision/types'

/** A small PNG with real transparency: a filled circle on nothing. */
export async function transparentPng(color = '#1f2a5a', size = 24): Promise<CutOut> {
  const r = size / 2
  const png = await sharp({ create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from(`<svg width="${size}" height="${size}"><circle cx="${r}" cy="${r}" r="${r - 2}" fill="${color}"/></svg>`) }])
    .png()
    .toBuffer()
  return { png: new Uint8Array(png), width: size, height: size }
}

function garment(category: DetectedGarment['category'], box: BoxPercent, color: string, sticker: CutOut): DetectedGarment {
  return {
    category,
    box,
    confidence: 0.82,
    colors: [{ name: color, share: 0.74 }],
    description: `${color.charAt(0).toUpperCase()}${color.slice(1)} ${category}`,
    sticker,
  }
}

export async function sampleOutfit(): Promise<OutfitResult> {
  const sticker = await transparentPng()
  return {
    width: 600,
    height: 900,
    personFound: true,
    garments: [
      garment('top', { x: 30, y: 20, width: 40, height: 30 }, 'navy', sticker),
      garment('bottom', { x: 32, y: 48, width: 36, height: 38 }, 'beige', sticker),
      garment('footwear', { x: 30, y: 88, width: 40, height: 10 }, 'white', sticker),
    ],
    outfit: { style: 'Neutral', season: 'All Season', occasion: 'Casual', confidence: 0.4, colors: [{ name: 'navy', share: 0.4 }] },
    timings: {},
  }
}

/** Lets a test hold calls until it says so. */
export class Gate {
  private opened = false
  private waiters: Array<() => void> = []
  entered = 0

  async pass(): Promise<void> {
    this.entered += 1
    if (this.opened) return
    await new Promise<void>((resolve) => this.waiters.push(resolve))
  }

  open(): void {
    this.opened = true
    for (const wake of this.waiters.splice(0)) wake()
  }
}

export interface ScriptedVision extends VisionService {
  calls: { removeBackground: number; analyseOutfit: number; cutOutRegion: number }
  /** When set, every call waits for it. */
  gate: Gate | null
  /** When true, calls are refused as if the pool's queue were full. */
  full: boolean
  /** When set, analyseOutfit rejects the image with this message. */
  rejectWith: string | null
  result: OutfitResult | null
}

export function scriptedVision(): ScriptedVision {
  const vision: ScriptedVision = {
    calls: { removeBackground: 0, analyseOutfit: 0, cutOutRegion: 0 },
    gate: null,
    full: false,
    rejectWith: null,
    result: null,
    hasCapacity: () => !vision.full,
    async removeBackground() {
      vision.calls.removeBackground += 1
      if (vision.full) throw new VisionBusyError(3)
      await vision.gate?.pass()
      return transparentPng('#6d1a2a')
    },
    async analyseOutfit() {
      vision.calls.analyseOutfit += 1
      if (vision.full) throw new VisionBusyError(3)
      await vision.gate?.pass()
      if (vision.rejectWith) throw new ImageRejectedError(vision.rejectWith)
      return vision.result ?? (await sampleOutfit())
    },
    async cutOutRegion() {
      vision.calls.cutOutRegion += 1
      if (vision.full) throw new VisionBusyError(3)
      await vision.gate?.pass()
      return transparentPng('#556b2f')
    },
    close: () => Promise.resolve(),
  }
  return vision
}
