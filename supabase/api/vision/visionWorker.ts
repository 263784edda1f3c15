// One vision worker process: owns a VisionEngine (u2netp + MoveNet, loaded once, on first use or warm-up)
// and answers the pool's requests one at a time. Network access is switched off for the whole process.
import type { CutOut, OutfitResult } from './types'
import { installOfflineFetch } from './offlineFetch'
import { lowerThreadPriority } from './lowerThreadPriority'
import { createVisionEngine } from './visionEngine'
import type { VisionRequest, VisionWorkerData } from './visionProtocol'
import { serveWorkerRequests, workerData } from './workerProcess'

installOfflineFetch()
const data = workerData() as VisionWorkerData
lowerThreadPriority(data.nice ?? 0)
const engine = createVisionEngine({ threads: data.threads, refinement: data.refinement })

serveWorkerRequests(async (request: VisionRequest): Promise<CutOut | OutfitResult | null> => {
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
})
