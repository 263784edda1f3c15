// Editing one's own profile (spec §4, §5): display name (50) and bio (200) with counters. Saved on the
// device at once; a refusal by the server is toasted by the app shell ('Failed to update profile').
import { useState } from 'react'
import type { ProfileRow } from '@/data/model/rows'
import { updateProfile } from '@/data/mutations/profiles'
import { useReplica } from '@/data/ReplicaContext'
import { MutationError } from '@/data/replica'
import { limits, messages } from '@/lib/validation'
import { Button } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { TextField } from '@/components/TextField'
import { useToast } from '@/components/Toasts'
import styles from './ProfileScreen.module.css'

export const UPDATE_FAILED = 'Failed to update profile'

export function EditProfileDialog({
  profile,
  open,
  onClose,
}: {
  profile: ProfileRow
  open: boolean
  onClose: () => void
}) {
  return (
    <Dialog open={open} title="Edit Profile" onClose={onClose}>
      <EditProfileForm profile={profile} onClose={onClose} />
    </Dialog>
  )
}

function EditProfileForm({ profile, onClose }: { profile: ProfileRow; onClose: () => void }) {
  const replica = useReplica()
  const toast = useToast()
  const [displayName, setDisplayName] = useState(profile.displayName ?? '')
  const [bio, setBio] = useState(profile.bio ?? '')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const nameError = displayName.trim().length > limits.displayName ? messages.displayNameTooLong : null
  const bioError = bio.trim().length > limits.bio ? messages.bioTooLong : null

  const save = async () => {
    if (nameError || bioError) return
    setSaving(true)
    setError(null)
    try {
      await updateProfile(replica, profile.id, { displayName, bio })
      toast.success('Profile saved')
      onClose()
    } catch (failure) {
      const message = failure instanceof MutationError ? failure.message : UPDATE_FAILED
      setError(message)
      toast.error(message)
      setSaving(false)
    }
  }

  return (
    <form
      className={styles.editForm}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      noValidate
    >
      <TextField
        label="Display name"
        name="displayName"
        autoComplete="name"
        value={displayName}
        maxLength={limits.displayName}
        error={nameError}
        onChange={(e) => setDisplayName(e.target.value)}
      />
      <TextField
        label="Bio"
        name="bio"
        multiline
        value={bio}
        maxLength={limits.bio}
        error={bioError}
        onChange={(e) => setBio(e.target.value)}
      />
      {error && (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.dialogButtons}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={saving || Boolean(nameError || bioError)}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
