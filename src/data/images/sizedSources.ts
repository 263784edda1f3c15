// A public photo in the sizes Storage renders it at, for an <img srcset>: the browser takes the smallest
// that fills the box at the screen's pixel density, so a card about 200 px wide loads a fraction of the
// stored photo's bytes. Private photos are left whole (each size would need its own signed link).
import { PUBLIC_BUCKETS } from '@/lib/wardrobe/storage'
import type { ImageSigner } from '../replica'
import { splitImagePath } from './imagePath'

/** Widths Storage renders; the stored photo (at most 800 px, spec §5) serves anything wider. */
const RENDER_WIDTHS = [240, 480] as const
const STORED_WIDTH = 800

/** The srcset for the image `url` shows, or null when it is not a public stored photo Storage can resize. */
export function publicSrcSet(signer: ImageSigner, imagePath: string | null, url: string | null): string | null {
  if (!imagePath || !url || !signer.publicSizedUrl) return null
  const parts = splitImagePath(imagePath)
  if (!parts || !PUBLIC_BUCKETS.has(parts.bucket) || url !== signer.publicUrl(parts.bucket, parts.path)) return null
  const sized = signer.publicSizedUrl.bind(signer)
  return sizedSrcSet(url, (width) => sized(parts.bucket, parts.path, width))
}

/** The srcset of a photo whose whole copy is at `wholeUrl`: Storage's rendered widths, then the whole. */
export function sizedSrcSet(wholeUrl: string, sizedUrl: (width: number) => string): string {
  return [...RENDER_WIDTHS.map((width) => `${sizedUrl(width)} ${width}w`), `${wholeUrl} ${STORED_WIDTH}w`].join(', ')
}
