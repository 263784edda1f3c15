// Any address that is not a route of the app.
import { ButtonLink } from '@/components/Button'
import { StateMessage } from '@/components/StateMessage'
import { messages } from '@/lib/messages'

export function NotFoundScreen() {
  return (
    <main id="main">
      <StateMessage
        title={messages.pageNotFoundTitle}
        headingLevel={1}
        action={
          <ButtonLink to="/" variant="primary">
            {messages.goHome}
          </ButtonLink>
        }
      >
        {messages.pageNotFoundText}
      </StateMessage>
    </main>
  )
}
