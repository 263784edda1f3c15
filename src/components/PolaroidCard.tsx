// A polaroid as it sits on a wall canvas: the photo (stored, or a local picture in the preview), the
// name in handwriting with the message under it, the timestamp's tilt (spec §2), and a quiet mark while
// its picture still waits to upload. Controls (open, delete) come from the screen.
import { POLAROID_FOOTPRINT } from '@/lib/cardFootprints'
import type { ReactNode } from 'react'
import { tiltFor } from '@/lib/tilt'
import { Icon } from './Icon'
import { PolaroidFrame } from './PolaroidFrame'
import { StoredImage } from './StoredImage'
import styles from './PolaroidCard.module.css'

/** The card's footprint on the canvas, in world pixels (for culling and layout). */
export const POLAROID_CARD = POLAROID_FOOTPRINT

export interface PolaroidCardProps {
  name: string
  message: string
  timestamp: number
  imagePath?: string | null
  externalUrl?: string | null
  /** Shown instead of a stored image (the guest preview's local pictures). */
  image?: ReactNode
  username?: string | null
  uploadPending?: boolean
  /** The photo's <img sizes> (a wall's, which follows its zoom); without it the photo loads whole. */
  photoSizes?: string
  actions?: ReactNode
  onOpen?: () => void
}

export function PolaroidCard(props: PolaroidCardProps) {
  const {
    name,
    message,
    timestamp,
    imagePath = null,
    externalUrl = null,
    image,
    username,
    uploadPending,
    actions,
    onOpen,
    photoSizes,
  } = props
  const title = name || 'Untitled polaroid'
  return (
    <div className={styles.card} onClick={onOpen} data-testid="polaroid-card">
      <PolaroidFrame
        tilt={tiltFor(timestamp)}
        tape={timestamp % 5 === 0}
        className={styles.frame}
        photoOverlay={
          uploadPending ? (
            <span className={styles.pending} data-testid="upload-pending">
              <Icon name="upload" size={13} />
              Waiting to upload
            </span>
          ) : undefined
        }
        caption={
          <>
            <p className={styles.name}>{title}</p>
            {message && <p className={styles.message}>{message}</p>}
            {username && <p className={styles.byline}>@{username}</p>}
          </>
        }
      >
        {image ?? <StoredImage imagePath={imagePath} externalUrl={externalUrl} alt={title} pendingUpload={uploadPending} sizes={photoSizes} eager />}
      </PolaroidFrame>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  )
}

/** The grey card shown while a new photo is being prepared (spec §4). */
export function PolaroidSkeleton() {
  return (
    <div className={styles.card} role="status" aria-label="Uploading image" data-testid="polaroid-skeleton">
      <PolaroidFrame caption={<span className={styles.skeletonLine} />} className={styles.frame}>
        <div className={styles.skeletonPhoto} />
      </PolaroidFrame>
    </div>
  )
}
