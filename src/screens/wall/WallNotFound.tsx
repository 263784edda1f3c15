// The wall page's not-found state (spec §2): a missing, deleted or someone else's private Moori.
import { ButtonLink } from '@/components/Button'
import { StateMessage } from '@/components/StateMessage'
import styles from './WallPage.module.css'

export function WallNotFound() {
  return (
    <main id="main" className={styles.message}>
      <StateMessage
        title="Moori Not Found"
        headingLevel={1}
        action={
          <ButtonLink to="/" variant="primary">
            Back to Home
          </ButtonLink>
        }
      >
        This Moori doesn't exist, was deleted, or is private.
      </StateMessage>
    </main>
  )
}
