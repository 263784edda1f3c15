// The photos a warm open preloads for the wall's first screenful, while the app's code still loads: each
// card's photo at the size the card will ask for. A polaroid card's <img> has a srcset of Storage's
// rendered sizes and `sizes` from the camera's zoom, so its preload is a <link rel=preload> with the same
// `imagesrcset` and `imagesizes`: the browser picks the same candidate for the device's pixel ratio, and
// the card finds it in the memory cache. Never the whole photo for such a card: Chrome would show that
// larger cached copy instead of the size it picks, at several times the bytes. A project without image
// transformations loads the whole photo, so that is what is preloaded there. Stickers are not preloaded:
// their pictures live in a private bucket, signed for each person once the app runs.
import { CAMERA_HOME, touchesRect, visibleWorldRect } from '@/lib/camera'
import { POLAROID_FOOTPRINT, polaroidPhotoSizes } from '@/lib/cardFootprints'
import { publicRenderUrl, publicStorageUrl, SIZED_PHOTO_QUALITY } from '@/lib/publicStorageUrl'
import { PUBLIC_BUCKETS } from '@/lib/wardrobe/storage'
import { splitImagePath } from '../images/imagePath'
import { sizedSrcSet } from '../images/sizedSources'
import type { EarlyWall } from './readWallEarly'

export type PhotoPreload = { href: string } | { imageSrcset: string; imageSizes: string }

export interface PreloadContext {
  supabaseUrl: string
  /** Storage renders resized images (`appConfig.imageTransforms`); the cards' srcset needs it. */
  imageTransforms: boolean
  viewport: { width: number; height: number }
}

/** What to preload for the polaroid cards of `wall` the first screenful shows (from the camera's home). */
export function photoPreloads(wall: EarlyWall, context: PreloadContext): PhotoPreload[] {
  const { supabaseUrl, imageTransforms, viewport } = context
  const area = visibleWorldRect(CAMERA_HOME, viewport.width, viewport.height)
  const onScreen = wall.polaroids.filter((p) => touchesRect(area, { ...p, ...POLAROID_FOOTPRINT }))
  // The canvas's own `sizes` for a freshly opened wall (src/canvas/photoSizes.ts).
  const sizes = polaroidPhotoSizes(CAMERA_HOME.zoom)
  return onScreen.flatMap(({ imagePath }): PhotoPreload[] => {
    const parts = imagePath && !wall.pending.has(imagePath) ? splitImagePath(imagePath) : null
    if (!parts || !PUBLIC_BUCKETS.has(parts.bucket)) return []
    const whole = publicStorageUrl(supabaseUrl, parts.bucket, parts.path)
    // Storage renders smaller sizes of a public wall's photos only (for a private one it would need to
    // know the reader, and a preload names nobody).
    if (!imageTransforms || wall.wall?.private) return [{ href: whole }]
    const render = (width: number) => publicRenderUrl(supabaseUrl, parts.bucket, parts.path, width, SIZED_PHOTO_QUALITY)
    return [{ imageSrcset: sizedSrcSet(whole, render), imageSizes: sizes }]
  })
}

/** Starts the preloads, at high priority: they are the first screen's largest paint. */
export function startPhotoPreloads(preloads: PhotoPreload[]): void {
  for (const preload of preloads) {
    const link = document.createElement('link')
    link.rel = 'preload'
    link.as = 'image'
    link.fetchPriority = 'high'
    if ('href' in preload) link.href = preload.href
    else {
      link.imageSizes = preload.imageSizes
      link.imageSrcset = preload.imageSrcset
    }
    document.head.append(link)
  }
}
