// The Mooris tab (spec §2), also shown by the three themed tabs: wall cards, newest first. The error
// text shows only when nothing is stored on the device and the pull failed (spec README).
import { useMooris } from '@/data/queries/useMooris'
import { useReplica } from '@/data/ReplicaContext'
import { useAccount } from '@/auth/useAccount'
import { Button, ButtonLink } from '@/components/Button'
import { Spinner } from '@/components/Spinner'
import { StateMessage } from '@/components/StateMessage'
import { WallCard } from '@/components/WallCard'
import styles from './HomeScreen.module.css'
import { messages } from '@/lib/messages'

export function MoorisTab() {
  const { status, cards } = useMooris()
  const replica = useReplica()
  const account = useAccount()

  if (cards.length === 0 && status === 'error') {
    return (
      <StateMessage
        title="Something went wrong"
        tone="error"
        action={
          <Button variant="primary" onClick={() => replica.sync.resume?.()}>
            {messages.tryAgain}
          </Button>
        }
      >
        {messages.wallsFailed}
      </StateMessage>
    )
  }
  if (cards.length === 0 && status === 'loading') {
    return (
      <div className={styles.loadingBlock}>
        <Spinner label="Loading Mooris" />
      </div>
    )
  }
  if (cards.length === 0) {
    return (
      <StateMessage
        title="No Mooris yet"
        action={
          <ButtonLink to="/create-wall" variant="primary">
            {account.status === 'signedIn' ? 'Create Moori' : 'Start a Moori'}
          </ButtonLink>
        }
      >
        Be the first to start a wall of looks.
      </StateMessage>
    )
  }
  return (
    <ul className={styles.wallGrid} aria-label="Mooris">
      {cards.map((entry) => (
        <li key={entry.wall.id}>
          <WallCard entry={entry} />
        </li>
      ))}
    </ul>
  )
}
