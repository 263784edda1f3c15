// One polaroid in the Discover grid (spec §2): the photo in a reserved box (no jumping while it loads),
// its name in handwriting, and on hover or keyboard focus links to its author and its wall. The whole
// card opens the Discover modal.
import { Link } from 'react-router-dom'
import type { DiscoverCard as DiscoverEntry } from '@/data/queries/useDiscover'
import { useImageUrl } from '@/data/images/useImageUrl'
import { Avatar } from './Avatar'
import { Icon } from './Icon'
import { PolaroidFrame, cardTilt } from './PolaroidFrame'
import { StoredImage } from './StoredImage'
import styles from './DiscoverCard.module.css'

/** Home's grid: one column on a phone, columns of 300–420 px wider up (HomeScreen.module.css). */
const DISCOVER_PHOTO_SIZES = '(max-width: 640px) 100vw, 420px'

const ratios = [1, 0.8, 0.75, 1.2, 0.9, 1]

/** A stable shape per polaroid, so the grid reads as a collage and never reflows on load. */
export function discoverRatio(id: string): number {
  let hash = 0
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return ratios[hash % ratios.length]!
}

export function DiscoverCard({
  entry,
  onOpen,
  eager,
}: {
  entry: DiscoverEntry
  onOpen: () => void
  eager?: boolean
}) {
  const { polaroid, wall, author } = entry
  const avatar = useImageUrl(author?.avatarPath ?? null)
  const name = polaroid.name || 'Untitled polaroid'
  const authorName = author?.displayName || author?.username || polaroid.username || 'someone'
  const overlay = (
    <div className={styles.overlay}>
      {author && (
        // Named by what it shows and then whose it is: a name that starts with the visible text is what
        // speech control needs ("click @ada").
        <Link to={`/${author.username}`} className={styles.pill}>
          <Avatar src={avatar.url} name={authorName} size={24} />
          <span className={styles.pillText}>@{author.username}</span>
          <span className="visually-hidden">, {authorName}&apos;s profile</span>
        </Link>
      )}
      {wall && (
        <Link to={`/wall/${wall.id}`} className={styles.pill} aria-label={`Open the Moori ${wall.name}`}>
          <span className={styles.pillText}>{wall.name}</span>
          <Icon name="next" size={16} />
        </Link>
      )}
    </div>
  )
  return (
    <article className={styles.card}>
      <PolaroidFrame
        tilt={cardTilt(polaroid.timestamp)}
        tape={polaroid.timestamp % 5 === 0}
        className={styles.frame}
        photoOverlay={overlay}
        caption={
          <>
            <button type="button" className={styles.open} onClick={onOpen}>
              <span className={styles.name}>{name}</span>
            </button>
            {wall && <span className={styles.wall}>{wall.name}</span>}
          </>
        }
      >
        <StoredImage
          imagePath={polaroid.imagePath}
          externalUrl={polaroid.externalUrl}
          alt={name}
          ratio={discoverRatio(polaroid.id)}
          eager={eager}
          sizes={DISCOVER_PHOTO_SIZES}
          pendingUpload={entry.pendingUpload}
        />
      </PolaroidFrame>
    </article>
  )
}
