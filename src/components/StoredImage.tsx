// An image from Storage (or an external URL) in a box of fixed proportions, so nothing moves while it
// loads: a paper placeholder first, the picture fades in, loads lazily. A failed load is retried twice
// with a freshly resolved link, then says 'Image unavailable' with a Retry button (spec §2), and tries
// again by itself when the device comes back online.
import { useState } from 'react'
import { useImageUrl } from '@/data/images/useImageUrl'
import { Icon } from './Icon'
import { RetryWhenBackOnline } from './RetryWhenBackOnline'
import styles from './StoredImage.module.css'
import { watchInView } from './watchInView'

const IMAGE_RETRIES = 2

export interface StoredImageProps {
  imagePath: string | null
  externalUrl?: string | null
  alt: string
  /** width / height of the box; the image covers it. */
  ratio?: number
  /** Load at once and early instead of lazily (the first screenful, dialogs: the page's largest paint). */
  eager?: boolean
  /** Fill the parent instead of keeping `ratio` (the parent reserves the space). */
  fill?: boolean
  /** 'contain' shows the whole picture (full views); 'cover' crops to the box. */
  fit?: 'cover' | 'contain'
  className?: string
  unavailableText?: string
  /** Told the picture's natural size once it loads (to place things over a contained picture). */
  onNaturalSize?: (size: { width: number; height: number }) => void
  /** Whether the image waits to upload, when the caller knows (it then shows without a lookup). */
  pendingUpload?: boolean
  /** How wide the box is shown (an <img sizes> value): a public photo then loads in the smallest size
   * Storage renders that fills it. Without it the stored photo is shown whole (full views). */
  sizes?: string
  /** Whether a failed picture offers Retry (false where the box is itself a button to press, offline). */
  retry?: boolean
}

export function StoredImage({
  imagePath,
  externalUrl = null,
  alt,
  ratio = 1,
  eager,
  fill,
  fit = 'cover',
  className,
  unavailableText = 'Image unavailable',
  onNaturalSize,
  pendingUpload,
  sizes,
  retry = true,
}: StoredImageProps) {
  const image = useImageUrl(imagePath, externalUrl, pendingUpload)
  const [failures, setFailures] = useState(0)
  // Which URL finished loading: a new URL starts hidden again, without an effect that could run after
  // a cached image already reported its load.
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null)
  const source = image.url
  const loaded = source !== null && loadedUrl === source

  const failed = failures > IMAGE_RETRIES || (!image.resolving && !source)
  const onError = () => {
    setFailures((n) => n + 1)
    if (failures < IMAGE_RETRIES) image.refresh()
  }
  const tryAgain = () => {
    setFailures(0)
    image.refresh()
  }

  return (
    <div
      className={[
        styles.box,
        fill ? styles.fill : '',
        loaded || failed ? styles.loaded : '',
        className ?? '',
      ].join(' ')}
      style={fill ? undefined : { aspectRatio: String(ratio) }}
      data-testid="stored-image"
      data-state={failed ? 'failed' : loaded ? 'loaded' : 'loading'}
      ref={watchInView}
    >
      {source && !failed && (
        <img
          key={`${source}#${failures}`}
          src={source}
          // After a failed load the photo is asked for whole: a resized one may be what failed (a
          // hosted project without transformations).
          {...(sizes && image.srcSet && failures === 0 ? { srcSet: image.srcSet, sizes } : {})}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className={[styles.image, fit === 'contain' ? styles.contain : ''].join(' ')}
          onLoad={(event) => {
            setLoadedUrl(source)
            const { naturalWidth, naturalHeight } = event.currentTarget
            onNaturalSize?.({ width: naturalWidth, height: naturalHeight })
          }}
          onError={onError}
        />
      )}
      {failed && (
        <div className={styles.unavailable}>
          <RetryWhenBackOnline onBack={tryAgain} />
          <Icon name="image" size={22} />
          <span>{unavailableText}</span>
          {retry && (
            <button
              type="button"
              className={styles.retry}
              onClick={(event) => {
                event.stopPropagation()
                tryAgain()
              }}
            >
              Retry
            </button>
          )}
        </div>
      )}
    </div>
  )
}
