// Who else has this wall open (issue 16): a small stack of their avatars in the header, guests as
// 'Guest' (or, when the presence worker did not start, that failure with Try Again). The chip a card
// carries while someone else drags it is the same avatar with their name.
import type { PresencePeer } from '@/data/model/presence'
import { useImageUrl } from '@/data/images/useImageUrl'
import { messages } from '@/lib/messages'
import { Avatar } from './Avatar'
import { Button } from './Button'
import styles from './PresenceStack.module.css'

const SHOWN = 4

function PeerAvatar({ peer, size }: { peer: PresencePeer; size: number }) {
  const avatar = useImageUrl(peer.avatarPath)
  return <Avatar name={peer.name} src={avatar.url} size={size} />
}

/** `onRetry`: the presence worker did not start; the stack says so instead, with Try Again. */
export function PresenceStack({ peers, onRetry }: { peers: PresencePeer[]; onRetry?: () => void }) {
  if (onRetry) {
    return (
      <div className={styles.failed} role="status" data-testid="presence-failed">
        <span>{messages.presenceFailed}</span>
        <Button size="small" onClick={onRetry}>
          {messages.tryAgain}
        </Button>
      </div>
    )
  }
  if (peers.length === 0) return null
  const names = peers.map((peer) => peer.name)
  const label = `Also here now: ${names.join(', ')}`
  const extra = peers.length - SHOWN
  return (
    <div className={styles.stack} role="group" aria-label={label} title={label} data-testid="presence-stack">
      {peers.slice(0, SHOWN).map((peer) => (
        <span key={peer.key} className={styles.member} data-testid="presence-peer" data-name={peer.name}>
          <PeerAvatar peer={peer} size={30} />
        </span>
      ))}
      {extra > 0 && (
        <span className={styles.more} aria-hidden="true">
          +{extra}
        </span>
      )}
    </div>
  )
}

/** The chip on a card someone else is dragging. */
export function DraggerChip({ peer }: { peer: PresencePeer | undefined }) {
  if (!peer) return null
  return (
    <span className={styles.chip} data-testid="dragger-chip">
      <PeerAvatar peer={peer} size={24} />
      <span className={styles.chipName}>{peer.name}</span>
    </span>
  )
}
