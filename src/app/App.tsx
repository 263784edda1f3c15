// The app shell: providers from the outside in (toasts, session, the user's replica, account actions),
// the router, the route guard and the session-wide events. The preview converter's code (and the
// mutations it runs) loads only when a saved guest preview waits to become a wall.
import { Suspense } from 'react'
import { BrowserRouter } from 'react-router-dom'
import { SessionProvider } from '@/auth/SessionContext'
import { ToastProvider } from '@/components/Toasts'
import { lazyPart } from '@/components/lazyPart'
import { usePreviewWaiting } from '@/data/queries/usePreviewWaiting'
import { AccountProvider } from './AccountProvider'
import { AppRoutes } from './AppRoutes'
import { FailureToasts } from './FailureToasts'
import { ReplicaProvider } from './ReplicaProvider'
import { RouteGuard } from './RouteGuard'
import { SessionEvents } from './SessionEvents'
import { UpdatePrompt } from './pwa/UpdatePrompt'

const PreviewConverter = lazyPart(() => import('./PreviewConverter'), 'PreviewConverter', { prefetch: false })

function PreviewConversion() {
  const waiting = usePreviewWaiting()
  return waiting ? (
    <Suspense fallback={null}>
      <PreviewConverter />
    </Suspense>
  ) : null
}

export function App() {
  return (
    <ToastProvider>
      <SessionProvider>
        <BrowserRouter>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <ReplicaProvider>
            {(replica) => (
              <AccountProvider replica={replica}>
                <SessionEvents />
                <UpdatePrompt replica={replica} />
                <FailureToasts />
                <PreviewConversion />
                <RouteGuard>
                  <AppRoutes />
                </RouteGuard>
              </AccountProvider>
            )}
          </ReplicaProvider>
        </BrowserRouter>
      </SessionProvider>
    </ToastProvider>
  )
}
