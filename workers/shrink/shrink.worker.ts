// The photo shrinker (spec §5, §9; issue 25): one worker kept for the page, asked for one photo at a time
// (`src/lib/downscaleImage.ts`). browser-image-compression does the shrink here (EXIF orientation applied,
// fit within the longer side asked for, JPEG at the quality asked for, one pass): called inside a worker
// it works in place instead of starting a worker of its own. Its default on the page started a worker per
// photo, each compiling the library and copying a full-size canvas, on cores the page shares.
import imageCompression from 'browser-image-compression'
import type { ShrinkerMessage, ShrinkRequest } from '@/lib/shrinkMessages'

/** The worker's global scope, as much of it as this uses (the app's types are the page's DOM). */
interface WorkerScope {
  postMessage(message: ShrinkerMessage): void
  addEventListener(type: 'message', listener: (event: MessageEvent<ShrinkRequest>) => void): void
}

const scope = self as unknown as WorkerScope

async function shrink({ file, maxSide, quality, type }: ShrinkRequest): Promise<Blob> {
  const named = file instanceof File ? file : new File([file], 'photo', { type: file.type })
  const result = await imageCompression(named, {
    maxWidthOrHeight: maxSide,
    initialQuality: quality,
    fileType: type,
    useWebWorker: false,
    // Keep the one pass at the quality asked for: no size target, so the library does not loop.
    maxIteration: 1,
  })
  return result.type === type ? result : new Blob([result], { type })
}

scope.addEventListener('message', (event) => {
  const request = event.data
  const reply = (message: ShrinkerMessage) => scope.postMessage(message)
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') {
    reply({ id: request.id, error: 'This browser cannot shrink photos in a worker', unsupported: true })
    return
  }
  shrink(request).then(
    (blob) => reply({ id: request.id, blob }),
    (error: unknown) => reply({ id: request.id, error: error instanceof Error ? error.message : String(error), unsupported: false }),
  )
})

// The page waits for this before it counts the shrinker as on the device (the route table's fetch ahead).
scope.postMessage({ ready: true } satisfies ShrinkerMessage)
