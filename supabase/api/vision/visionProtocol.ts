// The messages between the vision pool and its worker processes: plain records (V8 serialization keeps no
// class prototypes), a request id to match each reply, and errors as name + message so the pool can rebuild
// the contract's error classes (an ImageRejectedError must still be one after crossing to the server).
import type { BoxPercent } from './types'
import type { RefineOptions } from '../../../src/lib/cutout/refineMask'

export type VisionRequest =
  | { op: 'removeBackground'; image: Uint8Array; maxSize: number }
  | { op: 'analyseOutfit'; image: Uint8Array }
  | { op: 'cutOutRegion'; image: Uint8Array; box: BoxPercent; maxSize: number }
  | { op: 'warmUp' }

export interface WorkerRequest<Request> {
  id: number
  request: Request
}

export interface SerializedError {
  name: string
  message: string
}

export type WorkerReply<Result> =
  { id: number; ok: true; result: Result } | { id: number; ok: false; error: SerializedError }

/** What a worker sends before it goes down with an uncaught exception. */
export interface WorkerFatal {
  fatal: SerializedError
}

/** What each vision worker is started with (`workerData`). */
export interface VisionWorkerData {
  threads: number
  refinement?: RefineOptions
  /** The workers' nice value (Linux), below the event loop's 0. */
  nice?: number
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) return { name: error.name, message: error.message }
  return { name: 'Error', message: String(error) }
}
