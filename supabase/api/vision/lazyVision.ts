// The vision layer, loaded on first use: onnxruntime, tfjs and the worker pool cost memory and start-up
// time that a stack which never cuts anything out (most test stacks, an API instance that only serves
// status reads) should not pay. Until loaded it reports room for work, which is true: the pool it
// creates starts empty.
import type { BoxPercent, VisionService } from './types'

export function lazyVision(load: () => Promise<VisionService>): VisionService {
  let loading: Promise<VisionService> | null = null
  let loaded: VisionService | null = null
  const get = () =>
    (loading ??= load().then((service) => (loaded = service)).catch((error: unknown) => {
      loading = null
      throw error
    }))
  return {
    removeBackground: async (image: Uint8Array, options: { maxSize: number }) => (await get()).removeBackground(image, options),
    analyseOutfit: async (image: Uint8Array) => (await get()).analyseOutfit(image),
    cutOutRegion: async (image: Uint8Array, box: BoxPercent, options: { maxSize: number }) =>
      (await get()).cutOutRegion(image, box, options),
    hasCapacity: () => loaded?.hasCapacity() ?? true,
    warmUp: async () => {
      const service = await get()
      await service.warmUp?.()
    },
    close: async () => {
      const service = loading ? await loading.catch(() => null) : null
      await service?.close()
    },
  }
}
