// The Discover modal (spec §2): the image, the wall's name as a link, the message, and the fixed
// price of $350. "Full view" opens the polaroid route over the home page.
import { Link, useLocation } from 'react-router-dom'
import type { DiscoverCard } from '@/data/queries/useDiscover'
import { useImageUrl } from '@/data/images/useImageUrl'
import { Avatar } from '@/components/Avatar'
import { ButtonLink } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { PolaroidFrame } from '@/components/PolaroidFrame'
import { StoredImage } from '@/components/StoredImage'
import styles from './DiscoverModal.module.css'

/** Deliberately fixed (spec §9). */
export const DISCOVER_PRICE = '$350'

export function DiscoverModal({ entry, onClose }: { entry: DiscoverCard | null; onClose: () => void }) {
  return (
    <Dialog open={entry !== null} title={entry?.polaroid.name || 'Polaroid'} onClose={onClose} wide>
      {entry && <DiscoverDetails entry={entry} onClose={onClose} />}
    </Dialog>
  )
}

function DiscoverDetails({ entry, onClose }: { entry: DiscoverCard; onClose: () => void }) {
  const location = useLocation()
  const { polaroid, wall, author } = entry
  const avatar = useImageUrl(author?.avatarPath ?? null)
  const authorName = author?.displayName || author?.username || polaroid.username || 'someone'
  return (
    <div className={styles.layout}>
      <PolaroidFrame tilt={-1} className={styles.photo}>
        <StoredImage
          imagePath={polaroid.imagePath}
          externalUrl={polaroid.externalUrl}
          alt={polaroid.name || 'Polaroid'}
          ratio={1}
          fit="contain"
          eager
        />
      </PolaroidFrame>
      <div className={styles.details}>
        {wall && (
          <p className={styles.on}>
            On{' '}
            <Link to={`/wall/${wall.id}`} onClick={onClose} className={styles.wallLink}>
              {wall.name}
            </Link>
          </p>
        )}
        <p className={styles.message}>{polaroid.message || 'No message.'}</p>
        {author && (
          <Link to={`/${author.username}`} className={styles.author} onClick={onClose}>
            <Avatar src={avatar.url} name={authorName} size={32} />
            <span>
              Pinned by <strong>{authorName}</strong>
            </span>
          </Link>
        )}
        <p className={styles.price} data-testid="discover-price">
          <span className={styles.priceLabel}>Price</span>
          <span className={styles.priceValue}>{DISCOVER_PRICE}</span>
        </p>
        <div className={styles.buttons}>
          {wall && (
            <ButtonLink to={`/wall/${wall.id}`} variant="primary" onClick={onClose}>
              Open Moori
            </ButtonLink>
          )}
          <ButtonLink
            to={`/wall/${polaroid.wallId}/polaroid/${polaroid.id}`}
            state={{ background: location }}
            onClick={onClose}
          >
            <Icon name="image" size={18} />
            Full view
          </ButtonLink>
        </div>
      </div>
    </div>
  )
}
