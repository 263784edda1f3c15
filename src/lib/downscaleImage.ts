// Shrinks a picked photo before it is stored or uploaded (spec §5, §9): it fits within 800 px and is
// re-encoded as JPEG at quality 0.7, in a web worker so the page stays responsive. The worker loads
// the library from the app's own origin (the library's default is a CDN, which offline devices and
// strict networks cannot reach); if the worker cannot start, the library falls back to the main thread.
// If the library itself cannot be had (offline moments after a first visit, before the service worker
// holds it), the browser's own canvas shrinks the photo the same way: a picked photo is never refused
// for want of code.
import { afterFirstScreen } from './afterFirstScreen'
import libraryUrl from 'browser-image-compression/dist/browser-image-compression.js?url'

const DOWNSCALE = { maxSide: 800, quality: 0.7, type: 'image/jpeg' } as const

const loadLibrary = () => import('browser-image-compression')

/** Fetches the library now (the route table fetches it ahead where a photo may be added next). */
export const loadDownscaler = (): Promise<unknown> => loadLibrary()

/** Screens that take photos fetch the library when they open (it is not in the first load), so a
 * photo picked after the connection dropped still shrinks. */
export function preloadDownscaler(): void {
  // Once the screen has painted: the library (and the worker it starts) must not slow the first paint.
  afterFirstScreen(() => void loadLibrary().catch(() => undefined))
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

export async function downscaleImage(file: File): Promise<Blob> {
  let library: Awaited<ReturnType<typeof loadLibrary>>
  try {
    library = await loadLibrary()
  } catch (error) {
    console.warn('The photo shrinker is not on this device yet; shrinking with the canvas', error)
    return shrinkWithCanvas(file)
  }
  const { default: imageCompression } = library
  const result = await imageCompression(file, {
    maxWidthOrHeight: DOWNSCALE.maxSide,
    initialQuality: DOWNSCALE.quality,
    fileType: DOWNSCALE.type,
    useWebWorker: true,
    libURL: new URL(libraryUrl, window.location.href).href,
    // Keep the one pass at 0.7: no size target, so the library does not loop to shrink further.
    maxIteration: 1,
  })
  return result.type === DOWNSCALE.type ? result : new Blob([result], { type: DOWNSCALE.type })
}
