// First-time profile setup (spec §2, §5): username (required), display name, bio and an avatar. The
// profile is made on the device at once; then we wait briefly for the server's answer, because only
// the server knows whether the username is taken. Refused: the form stays with 'Username is already
// taken'. Saved (or still waiting, offline): on to the home page.
import { useState, type FormEvent } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { returnPathOf } from '@/lib/setupReturn'
import { useAccount } from '@/auth/useAccount'
import { downscaleImage } from '@/lib/downscaleImage'
import { isImageFile } from '@/lib/pickImage'
import { createProfile } from '@/data/mutations/profiles'
import { waitForPush } from '@/data/mutations/waitForPush'
import { useReplica } from '@/data/ReplicaContext'
import { MutationError } from '@/data/replica'
import { messages } from '@/lib/messages'
import { AvatarPicker } from '@/components/AvatarPicker'
import { Button } from '@/components/Button'
import { FormPage } from '@/components/FormPage'
import { ProfileDetailsFields, profileDetailsValid } from '@/components/ProfileDetailsFields'
import { TextField } from '@/components/TextField'
import { useToast } from '@/components/Toasts'
import styles from './SetupProfileScreen.module.css'
import { usePreloadDownscaler } from '@/components/usePreloadDownscaler'

/** How long to wait for the server's verdict before going on (offline, the change stays queued). */
export const SETUP_PUSH_WAIT_MS = 8000

const usernameMessages: ReadonlySet<string> = new Set([
  messages.usernameRequired,
  messages.usernameTaken,
  messages.usernameFormat,
])

export function SetupProfileScreen() {
  usePreloadDownscaler()
  const account = useAccount()
  const replica = useReplica()
  const navigate = useNavigate()
  const location = useLocation()
  const toast = useToast()
  const [username, setUsername] = useState('')
  const [displayName, setDisplayName] = useState('')
  const [bio, setBio] = useState('')
  const [avatar, setAvatar] = useState<Blob | null>(null)
  const [shrinking, setShrinking] = useState(false)
  const [saving, setSaving] = useState(false)
  const [usernameError, setUsernameError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)

  const detailsValid = profileDetailsValid(displayName, bio)

  const pickAvatar = async (file: File) => {
    if (!isImageFile(file)) return toast.error(messages.onlyImages)
    setShrinking(true)
    try {
      setAvatar(await downscaleImage(file))
    } catch {
      toast.error(messages.avatarFailed)
    } finally {
      setShrinking(false)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setUsernameError(null)
    setFormError(null)
    if (!username.trim()) return setUsernameError(messages.usernameRequired)
    if (!detailsValid || saving) return
    setSaving(true)
    try {
      const profile = await createProfile(replica, {
        username,
        displayName: displayName.trim() || undefined,
        bio: bio.trim() || undefined,
        avatar,
      })
      const outcome = await waitForPush(replica, 'profiles', profile.id, SETUP_PUSH_WAIT_MS)
      if (typeof outcome === 'object') {
        if (usernameMessages.has(outcome.failed)) setUsernameError(outcome.failed)
        else setFormError(outcome.failed)
        setSaving(false)
        return
      }
      void navigate(returnPathOf(location.state), { replace: true })
    } catch (error) {
      const message = error instanceof MutationError ? error.message : messages.createProfileFailed
      if (usernameMessages.has(message)) setUsernameError(message)
      else setFormError(message)
      setSaving(false)
    }
  }

  // Visitors have no profile to set up, and people whose profile is saved are done. A profile made
  // here that the server has not confirmed keeps the form: the server may still refuse the username.
  const unconfirmed = account.profile !== null && 'txid' in account.profile && account.profile.txid === ''
  if (account.status === 'signedOut') return <Navigate to="/" replace />
  if (account.profile && !unconfirmed && !saving) return <Navigate to="/" replace />

  const email = account.user?.email ?? ''
  return (
    <FormPage
      title="Set up your profile"
      lede={
        <p>One last step{email ? ` for ${email}` : ''}: pick a username so friends can find your Mooris.</p>
      }
    >
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.avatarRow}>
          <AvatarPicker
            name={displayName || username || email}
            file={avatar}
            onPick={(file) => void pickAvatar(file)}
            label="Choose a profile picture (optional)"
            disabled={shrinking || saving}
          />
          <p className={styles.avatarHint}>
            {shrinking
              ? 'Preparing your picture...'
              : avatar
                ? 'Looking good!'
                : 'Add a profile picture (optional)'}
          </p>
        </div>
        <TextField
          label="Username"
          name="username"
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => {
            setUsername(e.target.value)
            setUsernameError(null)
          }}
          error={usernameError}
          hint={`Your page: moori/${username.trim() || 'username'}`}
        />
        <ProfileDetailsFields
          displayName={displayName}
          bio={bio}
          onDisplayName={setDisplayName}
          onBio={setBio}
          optional
        />
        {formError && (
          <p className={styles.error} role="alert">
            {formError}
          </p>
        )}
        <Button
          type="submit"
          variant="primary"
          block
          disabled={!username.trim() || saving || shrinking || !detailsValid}
        >
          {saving ? 'Saving...' : 'Create Profile'}
        </Button>
      </form>
    </FormPage>
  )
}
