// Turns a saved guest preview into the new user's first wall (spec §4): once the visitor is signed in
// and has a profile that the server has accepted (the route guard sends new users to profile setup
// first; a refused username must not take the preview down with it), the preview is created as a real
// wall and they are taken to it. On failure: the spec's alert, then home.
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useAccount } from '@/auth/useAccount'
import { guestPreviewStore } from '@/data/guestDatabase'
import { PREVIEW_SAVE_FAILED, convertPreview } from '@/data/mutations/convertPreview'
import { usePendingCount } from '@/data/queries/usePendingCount'
import { usePreviewWaiting } from '@/data/queries/usePreviewWaiting'
import { useMyProfile } from '@/data/queries/useOwnProfile'
import { useReplica } from '@/data/ReplicaContext'

export function PreviewConverter() {
  const account = useAccount()
  const replica = useReplica()
  const navigate = useNavigate()
  const location = useLocation()
  const waiting = usePreviewWaiting()
  const profile = useMyProfile()
  const profilePending = usePendingCount('profiles', replica.userId)
  const running = useRef(false)
  const ready =
    account.status === 'signedIn' &&
    replica.userId !== null &&
    replica.userId === account.user?.id &&
    Boolean(profile) &&
    profilePending === 0 &&
    location.pathname !== '/setup-profile'

  useEffect(() => {
    if (!ready || !waiting || running.current) return
    running.current = true
    convertPreview(replica, guestPreviewStore())
      .then((wallId) => {
        if (wallId) void navigate(`/wall/${wallId}`, { replace: true })
      })
      .catch((error: unknown) => {
        console.error('Could not save the preview', error)
        window.alert(PREVIEW_SAVE_FAILED)
        void navigate('/', { replace: true })
      })
      .finally(() => {
        running.current = false
      })
  }, [ready, waiting, replica, navigate])

  return null
}
