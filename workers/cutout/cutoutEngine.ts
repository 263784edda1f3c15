// The device's cut-out pipeline, the server's removeBackground step for step: decode at the working size,
// u2netp on the 320² squeeze, the shared guided-filter refinement (src/lib/cutout), trim, PNG.
import { refineMask } from '@/lib/cutout/refineMask'
import { trimmedRgba } from '@/lib/cutout/trim'
import type { RgbImage } from '@/lib/cutout/types'
import { U2NET_SIZE } from '@/lib/cutout/u2netTensor'
import type { CutoutWorkerApi, CutoutWorkerConfig } from './cutoutApi'
import { decodePhoto } from './decodePhoto'
import { emptyCutOut, encodeSticker } from './encodeSticker'
import { createDeviceSegmenter, runtimeFiles, usableThreads, type DeviceSegmenter } from './ortSession'

/** The server's bounds on the resolution a cut-out is computed at (supabase/api/vision/visionEngine.ts). */
const MIN_WORKING_SIDE = 320
const MAX_WORKING_SIDE = 2048

function workingSide(maxSize: number): number {
  return Math.min(MAX_WORKING_SIDE, Math.max(MIN_WORKING_SIDE, Math.round(maxSize)))
}

export function createCutoutEngine(config: CutoutWorkerConfig): CutoutWorkerApi {
  let segmenter: Promise<DeviceSegmenter> | null = null
  const getSegmenter = () => {
    if (!segmenter) {
      const creating = createDeviceSegmenter(usableThreads(config.threads))
      segmenter = creating
      // A failed load (offline before the runtime was ever cached) may succeed on a later call.
      creating.catch(() => {
        if (segmenter === creating) segmenter = null
      })
    }
    return segmenter
  }

  async function mask(photo: Blob, longSide: number): Promise<{ image: RgbImage; alpha: Uint8Array }> {
    const [{ image, guide }, model] = await Promise.all([decodePhoto(photo, longSide), getSegmenter()])
    const probability = await model.segment(guide)
    return { image, alpha: refineMask({ probability, guide, size: U2NET_SIZE }, image) }
  }

  return {
    ready: () => true,
    async fetchRuntime() {
      for (const url of runtimeFiles) {
        const response = await fetch(url)
        if (!response.ok) throw new Error(`${url} could not be fetched (${response.status})`)
        await response.arrayBuffer()
      }
    },
    async prepare() {
      return { threads: (await getSegmenter()).threads }
    },
    async cutOut(photo, { maxSize }) {
      const { image, alpha } = await mask(photo, workingSide(maxSize))
      const pixels = trimmedRgba(image, alpha)
      return pixels ? encodeSticker(pixels, image.width, image.height, maxSize) : emptyCutOut()
    },
    async foregroundMask(photo, longSide) {
      const { image, alpha } = await mask(photo, longSide)
      return { width: image.width, height: image.height, alpha }
    },
  }
}
