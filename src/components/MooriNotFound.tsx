// 'Moori Not Found' (spec §2), for the wall page and the submission page: a missing, deleted or someone
// else's private Moori, as a whole page with the way back home.
import { ButtonLink } from './Button'
import { StateMessage } from './StateMessage'
import styles from './MooriNotFound.module.css'

export function MooriNotFound() {
  return (
    <main id="main" className={styles.page}>
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
