// A wall ("Moori") as a card (spec §2, Mooris tab and profiles): owner, name, Private badge,
// description (or a default), up to four previews with the image count, the created date, and like,
// comment and remix buttons that only log. The card opens the wall; the owner links to the profile.
import { Link } from 'react-router-dom'
import type { WallCard as WallEntry } from '@/data/queries/useMooris'
import { useImageUrl } from '@/data/images/useImageUrl'
import { Avatar } from './Avatar'
import { Icon, type IconName } from './Icon'
import { StoredImage } from './StoredImage'
import styles from './WallCard.module.css'

const DEFAULT_WALL_DESCRIPTION = 'A new collaborative wall'
const PREVIEW_LIMIT = 4

export function imageCountText(count: number): string {
  return `${count} image${count === 1 ? '' : 's'}`
}

function createdDateText(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })
}

const socialActions: Array<{ icon: IconName; label: string }> = [
  { icon: 'heart', label: 'Like' },
  { icon: 'comment', label: 'Comment' },
  { icon: 'remix', label: 'Remix' },
]

export function WallCard({ entry, layout = 'grid' }: { entry: WallEntry; layout?: 'grid' | 'list' }) {
  const { wall, owner, polaroidCount, previews } = entry
  const avatar = useImageUrl(owner?.avatarPath ?? null)
  const ownerName = owner?.displayName || owner?.username || 'Unknown user'
  const shown = previews.slice(0, PREVIEW_LIMIT)
  return (
    <article
      className={[styles.card, layout === 'list' ? styles.list : ''].join(' ')}
      data-testid="wall-card"
    >
      <div className={styles.previews} data-count={shown.length}>
        {shown.length === 0 ? (
          <p className={styles.empty}>No images yet</p>
        ) : (
          shown.map((p) => (
            <div key={p.id} className={styles.cell}>
              <StoredImage
                imagePath={p.imagePath}
                externalUrl={p.externalUrl}
                alt={p.name || 'Polaroid'}
                fill
                // Storage renders smaller sizes of a public wall's photos only: a private one's are shown whole.
                sizes={wall.private ? undefined : shown.length === 1 ? '(max-width: 640px) 100vw, 420px' : '(max-width: 640px) 50vw, 210px'}
              />
            </div>
          ))
        )}
      </div>
      <div className={styles.body}>
        {owner ? (
          <Link to={`/${owner.username}`} className={styles.owner}>
            <Avatar src={avatar.url} name={ownerName} size={28} />
            <span className={styles.ownerName}>{ownerName}</span>
          </Link>
        ) : (
          <span className={styles.owner}>
            <Avatar name={ownerName} size={28} />
            <span className={styles.ownerName}>{ownerName}</span>
          </span>
        )}
        <h3 className={styles.title}>
          <Link to={`/wall/${wall.id}`} className={styles.open}>
            {wall.name}
          </Link>
          {wall.private && (
            <span className={styles.badge}>
              <Icon name="lock" size={13} />
              Private
            </span>
          )}
        </h3>
        <p className={[styles.description, wall.description ? '' : styles.placeholder].join(' ')}>
          {wall.description || DEFAULT_WALL_DESCRIPTION}
        </p>
        <p className={styles.meta}>
          <span>{imageCountText(polaroidCount)}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={wall.createdAt}>{createdDateText(wall.createdAt)}</time>
        </p>
        <div className={styles.actions}>
          {socialActions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={styles.action}
              aria-label={`${action.label} ${wall.name}`}
              onClick={() => console.info(`${action.label} clicked`, wall.id)}
            >
              <Icon name={action.icon} size={18} />
            </button>
          ))}
        </div>
      </div>
    </article>
  )
}
