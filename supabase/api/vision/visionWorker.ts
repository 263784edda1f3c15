// One vision worker: owns a VisionEngine (u2netp + MoveNet, loaded once, on first use or warm-up) and answers
// the pool's requests one at a time. Network access is switched off for the whole thread. Result buffers
// are transferred back, not copied.
import { parentPort, workerData, type Transferable } from 'node:worker_threads'
import type { CutOut, OutfitResult } from './types'
import { installOfflineFetch } from './offlineFetch'
import { lowerThreadPriority } from './lowerThreadPriority'
import { createVisionEngine } from './visionEngine'
import {
  serializeError,
  type VisionRequest,
  type VisionWorkerData,
  type WorkerReply,
  type WorkerRequest,
} from './visionProtocol'

if (!parentPort) throw new Error('visionWorker must run in a worker thread.')
const port = parentPort
installOfflineFetch()
const data = workerData as VisionWorkerData
lowerThreadPriority(data.nice ?? 0)
const engine = createVisionEngine({ threads: data.threads, refinement: data.refinement })

async function handle(request: VisionRequest): Promise<CutOut | OutfitResult | null> {
  switch (request.op) {
    case 'removeBackground':
      return engine.removeBackground(request.image, { maxSize: request.maxSize })
    case 'cutOutRegion':
      return engine.cutOutRegion(request.image, request.box, { maxSize: request.maxSize })
    case 'analyseOutfit':
      return engine.analyseOutfit(request.image)
    case 'warmUp':
      await engine.warmUp()
      return null
  }
}

/** Copies each PNG into its own ArrayBuffer (sharp's may be shared or native) and lists it for transfer. */
function transferable(result: CutOut | OutfitResult | null): Transferable[] {
  if (!result) return []
  const cutOuts = 'png' in result ? [result] : result.garments.map((g) => g.sticker)
  return cutOuts.map((cutOut) => {
    const own = new Uint8Array(cutOut.png)
    cutOut.png = own
    return own.buffer
  })
}

port.on('message', (message: WorkerRequest<VisionRequest>) => {
  void handle(message.request).then(
    (result) => {
      const reply: WorkerReply<CutOut | OutfitResult | null> = { id: message.id, ok: true, result }
      port.postMessage(reply, transferable(result))
    },
    (error: unknown) => {
      const reply: WorkerReply<never> = { id: message.id, ok: false, error: serializeError(error) }
      port.postMessage(reply)
    },
  )
})
