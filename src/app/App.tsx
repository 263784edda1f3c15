// The app shell: providers from the outside in (toasts, session, the user's replica, account actions),
// the router, the route guard and the session-wide events.
import { BrowserRouter } from 'react-router-dom'
import { SessionProvider } from '@/auth/SessionContext'
import { ToastProvider } from '@/components/Toasts'
import { AccountProvider } from './AccountProvider'
import { AppRoutes } from './AppRoutes'
import { FailureToasts } from './FailureToasts'
import { PreviewConverter } from './PreviewConverter'
import { ReplicaProvider } from './ReplicaProvider'
import { RouteGuard } from './RouteGuard'
import { SessionEvents } from './SessionEvents'
import { UpdatePrompt } from './pwa/UpdatePrompt'

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
                <PreviewConverter />
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
