// The photo shrinker (spec §5, §9; issue 25): one worker kept for the page, asked for one photo at a time
// (`src/lib/downscaleImage.ts`). It decodes the photo upright (EXIF orientation applied), has the browser
// resize it (high quality) so it fits within the longer side asked for, never enlarging, and encodes it
// on white (a JPEG has no transparency). A worker per photo, as the library before it started, cost a
// thread, a script compile and a full-size canvas copy for every photo of a batch, on cores the page shares.
import type { ShrinkerMessage, ShrinkRequest } from '@/lib/shrinkMessages'

/** The worker's global scope, as much of it as this uses (the app's types are the page's DOM). */
interface WorkerScope {
  postMessage(message: ShrinkerMessage): void
  addEventListener(type: 'message', listener: (event: MessageEvent<ShrinkRequest>) => void): void
}

const scope = self as unknown as WorkerScope

async function shrink({ file, maxSide, quality, type }: ShrinkRequest): Promise<Blob> {
  const full = await createImageBitmap(file, { imageOrientation: 'from-image' })
  const scale = Math.min(1, maxSide / Math.max(full.width, full.height))
  const width = Math.max(1, Math.round(full.width * scale))
  const height = Math.max(1, Math.round(full.height * scale))
  let bitmap = full
  if (width !== full.width || height !== full.height) {
    bitmap = await createImageBitmap(full, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' })
    full.close()
  }
  try {
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('No 2D canvas in this worker')
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    context.drawImage(bitmap, 0, 0)
    return await canvas.convertToBlob({ type, quality })
  } finally {
    bitmap.close()
  }
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
