// What the session does to the whole app: a recovery link anywhere leads to /create-password (keeping
// the hash), an expired session is explained with the spec's alert, a failed email link is explained.
import { Suspense, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useSession } from '@/auth/SessionContext'
import { initialAuthHash } from '@/auth/authHash'
import { lazyPart } from '@/components/lazyPart'
import { useToast } from '@/components/Toasts'

const SessionExpiredDialog = lazyPart(() => import('./SessionExpiredDialog'), 'SessionExpiredDialog', { prefetch: false })

export function SessionEvents() {
  const session = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const toast = useToast()
  const sentToRecovery = useRef(false)
  // Mounted from the first expiry on (the dialog returns focus when it closes, so it is not unmounted).
  const [shown, setShown] = useState(false)
  if (session.expired && !shown) setShown(true)

  useEffect(() => {
    if (location.hash.includes('type=recovery') && location.pathname !== '/create-password') {
      void navigate(`/create-password${location.hash}`, { replace: true })
    }
  }, [location.hash, location.pathname, navigate])

  useEffect(() => {
    if (session.recovering && !sentToRecovery.current && location.pathname !== '/create-password') {
      sentToRecovery.current = true
      void navigate('/create-password#type=recovery', { replace: true })
    }
  }, [session.recovering, location.pathname, navigate])

  useEffect(() => {
    if (initialAuthHash.error) toast.error(initialAuthHash.error)
  }, [toast])

  return shown ? (
    <Suspense fallback={null}>
      <SessionExpiredDialog open={session.expired} onClose={session.acknowledgeExpired} />
    </Suspense>
  ) : null
}
