// What the session does to the whole app: a recovery link anywhere leads to /create-password (keeping
// the hash), an expired session is explained with the spec's alert, a failed email link is explained.
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useSession } from '@/auth/SessionContext'
import { initialAuthHash } from '@/auth/authHash'
import { Button } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { useToast } from '@/components/Toasts'

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired or could not be refreshed. Please log in again.'

export function SessionEvents() {
  const session = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const toast = useToast()
  const sentToRecovery = useRef(false)

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

  return (
    <Dialog
      open={session.expired}
      title="Session expired"
      onClose={session.acknowledgeExpired}
      footer={
        <Button variant="primary" onClick={session.acknowledgeExpired}>
          OK
        </Button>
      }
    >
      <p role="alert">{SESSION_EXPIRED_MESSAGE}</p>
    </Dialog>
  )
}
