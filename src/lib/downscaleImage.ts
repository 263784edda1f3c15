// Shrinks a picked photo before it is stored or uploaded (spec §5, §9): it fits within 800 px and is
// re-encoded as JPEG at quality 0.7, in a web worker so the page stays responsive. One worker is kept for
// the page and given one photo at a time (`workers/shrink/`): a batch of 20 photos (issue 25) once started
// 20 threads, each compiling its script and copying a full-size canvas, on the cores the page itself needs.
// If the worker cannot be had (its script not on the device yet: offline moments after a first visit,
// before the service worker holds it) or this browser cannot shrink in a worker, the browser's canvas
// shrinks the photo the same way on the page: a picked photo is never refused for want of code.
import { afterFirstScreen } from './afterFirstScreen'
import type { ShrinkerMessage, ShrinkRequest } from './shrinkMessages'

const DOWNSCALE = { maxSide: 800, quality: 0.7, type: 'image/jpeg' } as const

/** The worker could not shrink here (not loaded, or not able to): the canvas does this photo. */
class ShrinkerUnavailable extends Error {}

interface Waiting {
  resolve: (blob: Blob) => void
  reject: (error: Error) => void
}

interface Shrinker {
  worker: Worker
  /** Resolves once its script runs; rejects if it cannot be loaded. */
  ready: Promise<void>
  waiting: Map<number, Waiting>
}

let shrinker: Shrinker | null = null
/** This browser cannot shrink in a worker (no OffscreenCanvas there): the page's canvas, from now on. */
let workerUnsupported = false
let nextId = 1
/** Photos go to the worker one after another, so a batch never holds many full-size decodes at once. */
let queue: Promise<unknown> = Promise.resolve()

function startShrinker(): Shrinker | null {
  if (shrinker) return shrinker
  if (workerUnsupported || typeof Worker === 'undefined') return null
  let worker: Worker
  try {
    worker = new Worker(new URL('../../workers/shrink/shrink.worker.ts', import.meta.url), { type: 'module', name: 'moori-shrink' })
  } catch (error) {
    console.warn('The photo shrinker could not start; shrinking with the canvas', error)
    return null
  }
  const waiting = new Map<number, Waiting>()
  let markReady: () => void = () => undefined
  let markFailed: (error: Error) => void = () => undefined
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve
    markFailed = reject
  })
  ready.catch(() => undefined)
  const started: Shrinker = { worker, ready, waiting }
  worker.addEventListener('message', (event: MessageEvent<ShrinkerMessage>) => {
    const reply = event.data
    if ('ready' in reply) return markReady()
    const asked = waiting.get(reply.id)
    if (!asked) return
    waiting.delete(reply.id)
    if ('blob' in reply) return asked.resolve(reply.blob)
    if (reply.unsupported) workerUnsupported = true
    asked.reject(reply.unsupported ? new ShrinkerUnavailable(reply.error) : new Error(reply.error))
  })
  // A script that cannot load only fires `error` on the Worker: what it held goes to the canvas, and the
  // next photo tries a new worker (the script may be on the device by then).
  worker.addEventListener('error', (event) => {
    event.preventDefault()
    console.warn('The photo shrinker is not on this device yet; shrinking with the canvas', event.message)
    worker.terminate()
    if (shrinker === started) shrinker = null
    const error = new ShrinkerUnavailable(event.message || 'The photo shrinker did not load')
    markFailed(error)
    for (const asked of waiting.values()) asked.reject(error)
    waiting.clear()
  })
  shrinker = started
  return started
}

/** Starts the worker now (the route table does so where a photo may be added next); resolves once its
 * code is on the device and running. */
export const loadDownscaler = (): Promise<unknown> => startShrinker()?.ready ?? Promise.resolve()

/** Screens that take photos start the worker when they open (it is not in the first load), so a photo
 * picked after the connection dropped still shrinks off the main thread. */
export function preloadDownscaler(): void {
  // Once the screen has painted: the worker must not slow the first paint.
  afterFirstScreen(() => void loadDownscaler().catch(() => undefined))
}

/** The same shrink with the browser's canvas alone (no EXIF handling beyond the browser's own). */
async function shrinkWithCanvas(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  const scale = Math.min(1, DOWNSCALE.maxSide / Math.max(bitmap.width, bitmap.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(bitmap.width * scale))
  canvas.height = Math.max(1, Math.round(bitmap.height * scale))
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the photo'))),
      DOWNSCALE.type,
      DOWNSCALE.quality,
    ),
  )
}

function shrinkInWorker(started: Shrinker, file: Blob): Promise<Blob> {
  const id = nextId++
  const request: ShrinkRequest = { id, file, ...DOWNSCALE }
  return new Promise<Blob>((resolve, reject) => {
    started.waiting.set(id, { resolve, reject })
    started.worker.postMessage(request)
  })
}

async function shrinkOne(file: File): Promise<Blob> {
  const started = startShrinker()
  if (started) {
    try {
      return await shrinkInWorker(started, file)
    } catch (error) {
      if (!(error instanceof ShrinkerUnavailable)) throw error
    }
  }
  return shrinkWithCanvas(file)
}

export function downscaleImage(file: File): Promise<Blob> {
  const result = queue.then(() => shrinkOne(file))
  queue = result.catch(() => undefined)
  return result
}
