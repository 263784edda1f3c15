// How wide a wall card's photo is asked for (its <img sizes>): the photo box as the camera shows it, so a
// wall opened zoomed out loads smaller photos, and once the camera settles zoomed in further, a sharper
// size instead of an enlarged small one. The browser picks again from the srcset when `sizes` changes.
// It only grows (in quarter steps of zoom, a few changes a visit at most): zooming out keeps what loaded.
import type { CameraState } from '@/lib/camera'
import { polaroidPhotoSizes, quarterUp } from '@/lib/cardFootprints'

const SETTLE_MS = 200

/** The largest zoom a photo has been asked for on the wall shown now, in quarter steps. */
let scale = 0

function sizesAt(zoom: number): string {
  scale = Math.max(scale, quarterUp(zoom))
  return polaroidPhotoSizes(scale)
}

/** The `sizes` a wall card's photo is rendered with, at the camera's zoom now (or larger, if seen). */
export function wallPhotoSizes(camera: { state: CameraState }): string {
  return sizesAt(camera.state.zoom)
}

/** Follows the camera while a wall is shown: once it rests at a zoom needing a larger size, every photo
 * in `layer` is asked for at that size. Returns the unsubscribe, which lets the next wall start afresh. */
export function followZoomForPhotos(
  camera: { state: CameraState; subscribe: (listener: (state: CameraState) => void) => () => void },
  layer: HTMLElement,
): () => void {
  // What the photos in the layer were last given (cards rendered meanwhile read the current value).
  let applied = wallPhotoSizes(camera)
  const settle = (zoom: number) => {
    const sizes = sizesAt(zoom)
    if (sizes === applied) return
    applied = sizes
    for (const img of layer.querySelectorAll<HTMLImageElement>('img[sizes]')) img.sizes = sizes
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const unsubscribe = camera.subscribe((state) => {
    clearTimeout(timer)
    timer = setTimeout(() => settle(state.zoom), SETTLE_MS)
  })
  return () => {
    clearTimeout(timer)
    unsubscribe()
    scale = 0
  }
}
