// The VisionService the product API uses: a pool of worker processes, each with its own u2netp session and
// MoveNet, so inference never blocks the event loop that serves HTTP. Sized to leave a core for that event
// loop (workers = cores − 1, at least 1; ORT threads so that workers × threads ≤ cores), with a bounded
// queue: a call that would wait too long is refused at once with VisionBusyError (the API answers 429).
import os from 'node:os'
import {
  ImageRejectedError,
  VisionBusyError,
  type BoxPercent,
  type CutOut,
  type OutfitResult,
  type VisionService,
} from './types'
import { assertImageSize } from './imageInput'
import type { RefineOptions } from '../../../src/lib/cutout/refineMask'
import { createWorkerPool, type PoolStats } from './workerPool'
import type { SerializedError, VisionRequest, VisionWorkerData } from './visionProtocol'

export interface VisionPoolOptions {
  /** Worker processes; default env MOORI_VISION_WORKERS, else cores − 1 (at least 1). */
  workers?: number
  /** ORT intra-op threads per worker; default env MOORI_VISION_THREADS, else cores ÷ workers. */
  threads?: number
  /** Calls that may wait for a worker; default 4 × workers. */
  queueLimit?: number
  /** A call running longer than this restarts its worker and fails; default 60 s. */
  taskTimeoutMs?: number
  /** Mask refinement (the measurement script compares methods); default DEFAULT_REFINEMENT. */
  refinement?: RefineOptions
  /** How far below the event loop inference runs (nice, Linux); default env MOORI_VISION_NICE, else 10. */
  nice?: number
  /** The worker entry; tests substitute one to exercise crash handling. Default: the vision worker. */
  workerUrl?: URL
}

export interface VisionPool extends VisionService {
  /** Starts every worker and loads both models in each, so the first real call is not slow. */
  warmUp(): Promise<void>
  stats(): PoolStats
}

export interface VisionPoolSize {
  workers: number
  threads: number
  queueLimit: number
}

function positiveInteger(value: string | undefined): number | undefined {
  const n = value === undefined ? NaN : Number(value)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** Options, then environment, then the machine: how many workers, threads and queued calls. */
export function visionPoolSize(
  options: Pick<VisionPoolOptions, 'workers' | 'threads' | 'queueLimit'> = {},
  cores = os.availableParallelism(),
): VisionPoolSize {
  const workers =
    options.workers ?? positiveInteger(process.env.MOORI_VISION_WORKERS) ?? Math.max(1, cores - 1)
  const threads =
    options.threads ??
    positiveInteger(process.env.MOORI_VISION_THREADS) ??
    Math.max(1, Math.floor(cores / workers))
  return { workers, threads, queueLimit: options.queueLimit ?? 4 * workers }
}

function reviveError(error: SerializedError): Error {
  if (error.name === 'ImageRejectedError') return new ImageRejectedError(error.message)
  return Object.assign(new Error(error.message), { name: error.name })
}

function checkMaxSize(maxSize: number): void {
  if (!Number.isFinite(maxSize) || maxSize < 1)
    throw new RangeError(`maxSize must be a positive number of pixels, got ${maxSize}.`)
}

function checkBox(box: BoxPercent): void {
  const values = [box.x, box.y, box.width, box.height]
  if (!values.every(Number.isFinite) || box.width <= 0 || box.height <= 0)
    throw new RangeError('The box must have a positive width and height, in percent.')
  if (box.x >= 100 || box.y >= 100 || box.x + box.width <= 0 || box.y + box.height <= 0)
    throw new RangeError('The box lies outside the photo.')
}

export function createVisionPool(options: VisionPoolOptions = {}): VisionPool {
  const size = visionPoolSize(options)
  const nice = options.nice ?? Number(process.env.MOORI_VISION_NICE ?? 10)
  const workerData: VisionWorkerData = { threads: size.threads, refinement: options.refinement, nice }
  const pool = createWorkerPool<VisionRequest, unknown>({
    workerUrl: options.workerUrl ?? new URL('./visionWorker.mjs', import.meta.url),
    workerData,
    size: size.workers,
    queueLimit: size.queueLimit,
    taskTimeoutMs: options.taskTimeoutMs ?? 60_000,
    busyError: (seconds) => new VisionBusyError(seconds),
    reviveError,
  })

  /** Runs one request; argument errors reject before anything is queued. */
  function call<T>(prepare: () => VisionRequest): Promise<T> {
    let request: VisionRequest
    try {
      request = prepare()
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
    return pool.run(request) as Promise<T>
  }

  function withImage(image: Uint8Array, request: (bytes: Uint8Array) => VisionRequest): VisionRequest {
    assertImageSize(image)
    return request(image)
  }

  return {
    removeBackground(image, { maxSize }) {
      return call<CutOut>(() => {
        checkMaxSize(maxSize)
        return withImage(image, (bytes) => ({ op: 'removeBackground', image: bytes, maxSize }))
      })
    },

    analyseOutfit(image) {
      return call<OutfitResult>(() => withImage(image, (bytes) => ({ op: 'analyseOutfit', image: bytes })))
    },

    cutOutRegion(image, box, { maxSize }) {
      return call<CutOut>(() => {
        checkMaxSize(maxSize)
        checkBox(box)
        return withImage(image, (bytes) => ({ op: 'cutOutRegion', image: bytes, box: { ...box }, maxSize }))
      })
    },

    hasCapacity: () => pool.hasCapacity(),

    async warmUp() {
      await Promise.all(Array.from({ length: size.workers }, () => pool.run({ op: 'warmUp' })))
    },

    stats: () => pool.stats(),

    close: () => pool.close(),
  }
}
