// A screen that cannot be shown says so, with Try Again, instead of React unmounting the whole app
// and leaving a blank page. The usual cause is a screen whose code the device does not have yet and
// cannot fetch (offline moments after a first visit, before the service worker holds the app): its
// code is asked for again on Try Again and as soon as the device is back online (and, online, the page
// reloads once if the browser will not fetch it again).
import { Component, type ReactNode } from 'react'
import { Button, ButtonLink } from '@/components/Button'
import { StateMessage } from '@/components/StateMessage'
import { messages } from '@/lib/messages'

const RELOADED_KEY = 'moori:screen-reloaded'

/** Whether this path may reload the page to load its screen (not if it did in the last minute). */
function reloadAllowed(pathname: string): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(RELOADED_KEY) ?? 'null') as { path: string; at: number } | null
    if (last && last.path === pathname && Date.now() - last.at < 60_000) return false
    sessionStorage.setItem(RELOADED_KEY, JSON.stringify({ path: pathname, at: Date.now() }))
    return true
  } catch {
    return false // no session storage: never risk a reload loop
  }
}

interface Props {
  children: ReactNode
  /** Fetches what the screen needs again; rejects when it still cannot be had. */
  retry: () => Promise<unknown>
  /** A new value (another address) shows the children again. */
  resetKey: string
}

interface State {
  error: Error | null
  retrying: boolean
}

export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, retrying: false }

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error }
  }

  override componentDidCatch(error: Error): void {
    console.error('A screen could not be shown', error)
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.onOnline)
  }

  override componentDidUpdate(previous: Props): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error)
      this.setState({ error: null, retrying: false })
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.onOnline)
  }

  private readonly onOnline = () => {
    if (this.state.error) void this.retry()
  }

  private readonly retry = async () => {
    if (this.state.retrying) return
    this.setState({ retrying: true })
    try {
      await this.props.retry()
      this.setState({ error: null, retrying: false })
    } catch {
      // Online and still failing: the browser may keep a module that failed to load as failed for the
      // page's life (Chromium does), so asking again cannot help; a fresh page loads it. Once a minute
      // at most, so a screen that is truly broken shows its message instead of reloading on and on.
      if (navigator.onLine && reloadAllowed(window.location.pathname)) {
        window.location.reload()
        return
      }
      this.setState({ retrying: false })
    }
  }

  override render(): ReactNode {
    const { error, retrying } = this.state
    if (!error) return this.props.children
    const offline = typeof navigator !== 'undefined' && !navigator.onLine
    return (
      <main id="main">
        <StateMessage
          title={offline ? messages.screenOfflineTitle : messages.screenFailedTitle}
          headingLevel={1}
          tone="error"
          action={
            <>
              <Button variant="primary" onClick={() => void this.retry()} disabled={retrying}>
                {retrying ? messages.tryingAgain : messages.tryAgain}
              </Button>{' '}
              <ButtonLink to="/" variant="secondary">
                {messages.goHome}
              </ButtonLink>
            </>
          }
        >
          {offline ? messages.screenOfflineText : messages.screenFailedText}
        </StateMessage>
      </main>
    )
  }
}
