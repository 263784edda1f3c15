// Shrinks a picked photo before it is stored or uploaded (spec §5, §9): it fits within 800 px and is
// re-encoded as JPEG at quality 0.7, in a web worker so the page stays responsive. The worker loads
// the library from the app's own origin (the library's default is a CDN, which offline devices and
// strict networks cannot reach); if the worker cannot start, the library falls back to the main thread.
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

export async function downscaleImage(file: File): Promise<Blob> {
  const { default: imageCompression } = await loadLibrary()
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
