// The wall page's header (spec §2): back, the name and description (the owner edits them in place),
// the Private/Public badge, 'by' the owner linking to their profile, and the visitor's sync status and
// avatar chip (on a phone the sync status sits over the canvas instead, where it has room). Refusals by
// the server arrive as toasts from the app shell; rule breaks show inline.
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { WallView } from '@/data/queries/useWall'
import { describeWall, renameWall } from '@/data/mutations/walls'
import { useReplica } from '@/data/ReplicaContext'
import { useAccount } from '@/auth/useAccount'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { SyncStatusChip } from '@/components/SyncStatusChip'
import { UserChip } from '@/components/UserChip'
import { usePhoneLayout } from '@/components/usePhoneLayout'
import { PresenceStack } from '@/components/PresenceStack'
import type { PresencePeer } from '@/data/model/presence'
import { EditableText } from './EditableText'
import styles from './WallHeader.module.css'

export function WallHeader({
  view,
  peers = [],
  onRetryPresence,
}: {
  view: WallView
  peers?: PresencePeer[]
  /** Set when the presence worker did not start: Try Again. */
  onRetryPresence?: () => void
}) {
  const replica = useReplica()
  const account = useAccount()
  const navigate = useNavigate()
  const location = useLocation()
  const { wall, owner, isOwner } = view
  const phone = usePhoneLayout()

  const goBack = () => {
    // Back to where the visitor came from inside the app; a fresh tab goes home.
    if (location.key !== 'default' && window.history.length > 1) void navigate(-1)
    else void navigate('/')
  }

  const ownerName = owner ? owner.displayName || owner.username : null

  return (
    <header className={styles.header}>
      <Button variant="ghost" iconOnly aria-label="Back" onClick={goBack} className={styles.back}>
        <Icon name="back" />
      </Button>
      <div className={styles.titles}>
        <div className={styles.titleRow}>
          {wall && isOwner ? (
            <EditableText
              as="h1"
              className={styles.name}
              label="Moori name"
              value={wall.name}
              onSave={(name) => renameWall(replica, wall.id, name)}
            />
          ) : (
            <h1 className={styles.name}>{wall?.name ?? 'Moori'}</h1>
          )}
          {wall && (
            <span
              className={[styles.badge, wall.private ? styles.private : styles.public].join(' ')}
              data-testid="privacy-badge"
            >
              <Icon name={wall.private ? 'lock' : 'globe'} size={14} />
              {wall.private ? 'Private' : 'Public'}
            </span>
          )}
        </div>
        <div className={styles.subRow}>
          {wall && isOwner ? (
            <EditableText
              className={styles.description}
              label="Description"
              placeholder="Add a description"
              value={wall.description ?? ''}
              onSave={(description) => describeWall(replica, wall.id, description)}
            />
          ) : (
            wall?.description && <p className={styles.description}>{wall.description}</p>
          )}
          {owner && (
            <p className={styles.by}>
              by{' '}
              <Link to={`/profile/${owner.username}`} className={styles.owner}>
                {ownerName}
              </Link>
            </p>
          )}
        </div>
      </div>
      <PresenceStack peers={peers} onRetry={onRetryPresence} />
      {account.status === 'signedIn' && (
        <div className={styles.account}>
          {!phone && <SyncStatusChip />}
          <UserChip />
        </div>
      )}
    </header>
  )
}
