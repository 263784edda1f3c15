// The device's cut-out pipeline, the server's removeBackground step for step: decode at the working size,
// u2netp on the 320² squeeze, the shared guided-filter refinement (src/lib/cutout), trim, PNG.
import { alphaOnGrid, extractionRect, placeAlpha, type AlphaImage } from '@/lib/cutout/garmentCrop'
import { refineMask } from '@/lib/cutout/refineMask'
import { trimmedRgba } from '@/lib/cutout/trim'
import type { LowResMask, RgbImage } from '@/lib/cutout/types'
import { U2NET_SIZE } from '@/lib/cutout/u2netTensor'
import * as Comlink from 'comlink'
import type { BoxPercent } from '@/lib/cutout/trim'
import type { CutoutWorkerApi, CutoutWorkerConfig, GarmentSource } from './cutoutApi'
import { decodePhoto } from './decodePhoto'
import {
  createEditSession,
  previewPixels,
  renderAlpha,
  type EditSession,
  type PreviewPixels,
  type StartingCutout,
} from './editSession'
import { emptyCutOut, encodeSticker } from './encodeSticker'
import { createDeviceSegmenter, runtimeFiles, usableThreads, type DeviceSegmenter } from './ortSession'
import { stopwatch, type Stopwatch } from './stopwatch'

/** The server's bounds on the resolution a cut-out is computed at (supabase/api/vision/visionEngine.ts). */
const MIN_WORKING_SIDE = 320
const MAX_WORKING_SIDE = 2048

function workingSide(maxSize: number): number {
  return Math.min(MAX_WORKING_SIDE, Math.max(MIN_WORKING_SIDE, Math.round(maxSize)))
}

/** Pixels → an ImageData handed over to the page (its buffer moved, not copied). */
function toImageData({ rgba, width, height }: PreviewPixels): ImageData {
  const data = new ImageData(rgba, width, height)
  return Comlink.transfer(data, [rgba.buffer])
}

export function createCutoutEngine(config: CutoutWorkerConfig): CutoutWorkerApi {
  const sessions = new Map<string, EditSession & { maxSize: number }>()
  let sessionCount = 0
  const session = (id: string) => {
    const open = sessions.get(id)
    if (!open) throw new Error('This cut-out editor was closed')
    return open
  }
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

  async function lowResMask(
    photo: Blob,
    longSide: number,
    crop: BoxPercent | null = null,
    watch: Stopwatch = stopwatch(),
  ): Promise<{ image: RgbImage; mask: LowResMask; shown: BoxPercent }> {
    const [{ image, guide, shown }, model] = await Promise.all([
      decodePhoto(photo, longSide, crop, watch.lap),
      getSegmenter(),
    ])
    watch.lap('load') // nothing once the model is loaded
    const probability = await model.segment(guide)
    watch.lap('inference')
    return { image, mask: { probability, guide, size: U2NET_SIZE }, shown }
  }

  /** The garment's extracted picture laid where it was cut from, on the working image of its crop. */
  async function startingCutout(garment: GarmentSource, image: RgbImage, shown: BoxPercent): Promise<StartingCutout> {
    const picture = await pictureAlpha(garment.picture)
    const rect = extractionRect(picture, garment.box, shown, image)
    const alpha = placeAlpha(picture, rect, image.width, image.height)
    return { alpha, grid: alphaOnGrid(alpha, image.width, image.height, U2NET_SIZE) }
  }

  async function mask(
    photo: Blob,
    longSide: number,
    watch: Stopwatch = stopwatch(),
  ): Promise<{ image: RgbImage; alpha: Uint8Array }> {
    const { image, mask } = await lowResMask(photo, longSide, null, watch)
    const alpha = refineMask(mask, image)
    watch.lap('refine')
    return { image, alpha }
  }

  async function sticker(image: RgbImage, alpha: Uint8Array, maxSize: number, watch: Stopwatch = stopwatch()) {
    const pixels = trimmedRgba(image, alpha)
    watch.lap('trim')
    const out = await (pixels ? encodeSticker(pixels, image.width, image.height, maxSize) : emptyCutOut())
    watch.lap('encode')
    return out
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
      const watch = stopwatch()
      const { image, alpha } = await mask(photo, workingSide(maxSize), watch)
      return { ...(await sticker(image, alpha, maxSize, watch)), timings: watch.timings }
    },
    async foregroundMask(photo, longSide) {
      const { image, alpha } = await mask(photo, longSide)
      return { width: image.width, height: image.height, alpha }
    },
    async openSession(photo, { maxSize, previewLongSide, garment }) {
      const { image, mask, shown } = await lowResMask(photo, workingSide(maxSize), garment?.crop ?? null)
      const start = garment ? await startingCutout(garment, image, shown) : null
      const opened = { ...createEditSession(image, mask, previewLongSide, start), maxSize }
      const id = `edit-${++sessionCount}`
      sessions.set(id, opened)
      return { id, width: image.width, height: image.height, preview: toImageData(previewPixels(opened, [])) }
    },
    preview(id, strokes, revision) {
      const started = performance.now()
      const pixels = previewPixels(session(id), strokes)
      return Promise.resolve({ revision, preview: toImageData(pixels), ms: performance.now() - started })
    },
    async render(id, strokes) {
      const open = session(id)
      return sticker(open.image, renderAlpha(open, strokes), open.maxSize)
    },
    closeSession(id) {
      sessions.delete(id)
    },
  }
}

/** A cut-out picture's alpha, as stored (not premultiplied, no orientation: it is the engine's own PNG). */
async function pictureAlpha(picture: Blob): Promise<AlphaImage> {
  const bitmap = await createImageBitmap(picture, { premultiplyAlpha: 'none' })
  try {
    const { width, height } = bitmap
    const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true })
    if (!context) throw new Error('No 2D canvas in this worker')
    context.drawImage(bitmap, 0, 0)
    const rgba = context.getImageData(0, 0, width, height).data
    const alpha = new Uint8Array(width * height)
    for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[i * 4 + 3]!
    return { alpha, width, height }
  } finally {
    bitmap.close()
  }
}
