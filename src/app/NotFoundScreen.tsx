// Any address that is not a route of the app.
import { ButtonLink } from '@/components/Button'
import { StateMessage } from '@/components/StateMessage'

export function NotFoundScreen() {
  return (
    <main id="main">
      <StateMessage title="Page not found" headingLevel={1} action={<ButtonLink to="/" variant="primary">Go Home</ButtonLink>}>
        There is nothing at this address.
      </StateMessage>
    </main>
  )
}
