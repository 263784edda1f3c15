// Editing one's own profile (spec §4, §5): display name (50) and bio (200) with counters. Saved on the
// device at once; a refusal by the server is toasted by the app shell ('Failed to update profile').
import { useState } from 'react'
import type { ProfileRow } from '@/data/model/rows'
import { updateProfile } from '@/data/mutations/profiles'
import { useReplica } from '@/data/ReplicaContext'
import { MutationError } from '@/data/replica'
import { Button } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { ProfileDetailsFields, profileDetailsValid } from '@/components/ProfileDetailsFields'
import { useToast } from '@/components/Toasts'
import styles from './ProfileScreen.module.css'
import { messages } from '@/lib/messages'

const UPDATE_FAILED = messages.updateProfileFailed

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
  const valid = profileDetailsValid(displayName, bio)

  const save = async () => {
    if (!valid) return
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
      <ProfileDetailsFields displayName={displayName} bio={bio} onDisplayName={setDisplayName} onBio={setBio} />
      {error && (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.dialogButtons}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={saving || !valid}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
