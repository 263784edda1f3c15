// A cut-out sticker on a wall: the picture on its own (no frame), at a size between 50 and 200 px
// (spec §9), with a die-cut shadow. A failed load says 'Sticker unavailable' (spec §2). A sticker made
// offline from a wardrobe photo says so to its creator until its cut-out replaces it.
import { STICKER_FOOTPRINT } from '@/lib/cardFootprints'
import type { ReactNode } from 'react'
import { StoredImage } from './StoredImage'
import styles from './StickerCard.module.css'

export const STICKER_CARD = STICKER_FOOTPRINT
const CUTOUT_PENDING = 'Cut out when online'

export function StickerCard({
  imagePath,
  name,
  uploadPending,
  waitingForCutout,
  actions,
}: {
  imagePath: string
  name: string
  uploadPending?: boolean
  /** Shows the item's photo until its cut-out is made. */
  waitingForCutout?: boolean
  actions?: ReactNode
}) {
  return (
    <div className={styles.sticker} data-testid="sticker-card" data-needs-cutout={waitingForCutout || undefined}>
      <StoredImage
        imagePath={imagePath}
        alt={name || 'Sticker'}
        fit="contain"
        fill
        eager
        className={styles.image}
        unavailableText="Sticker unavailable"
        pendingUpload={uploadPending}
      />
      {(uploadPending || waitingForCutout) && (
        <span className={styles.badges}>
          {uploadPending && <span className={styles.pending}>Waiting to upload</span>}
          {waitingForCutout && <span className={styles.pending}>{CUTOUT_PENDING}</span>}
        </span>
      )}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  )
}
