// Create a Moori (spec §2, §5): name (80), description (250) and privacy. Signed in, the wall is made on
// the device and opened at once, online or not; visitors go on to the guest preview with what they
// typed. Signed-in users can also have a Moori generated from a prompt (needs the network).
import { useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { useAccount } from '@/auth/useAccount'
import { createWall } from '@/data/mutations/walls'
import { useReplica } from '@/data/ReplicaContext'
import { MutationError } from '@/data/replica'
import { limits } from '@/lib/validation'
import { messages } from '@/lib/messages'
import { AppHeader } from '@/components/AppHeader'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { TextField } from '@/components/TextField'
import { useToast } from '@/components/Toasts'
import { sharedPhotoState, wantsSharedPhoto } from '@/components/useSharedPhoto'
import { GenerateFromPrompt } from './GenerateFromPrompt'
import styles from './CreateWallScreen.module.css'

export const PRIVATE_LABEL = 'Make this Moori private (only people with the link can view)'
export const CREATE_FAILED = messages.createWallFailed

export function CreateWallScreen() {
  const account = useAccount()
  const replica = useReplica()
  const navigate = useNavigate()
  const location = useLocation()
  const toast = useToast()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [isPrivate, setPrivate] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const signedIn = account.status === 'signedIn'

  const nameError = name.trim().length > limits.wallName ? messages.nameTooLong : null
  const descriptionError = description.length > limits.wallDescription ? messages.descriptionTooLong : null
  const disabled = name.trim().length === 0 || Boolean(nameError || descriptionError) || submitting

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (disabled) return
    if (!signedIn) {
      void navigate('/create-preview', {
        state: { name: name.trim(), description: description.trim(), private: isPrivate },
      })
      return
    }
    setSubmitting(true)
    try {
      const id = await createWall(replica, { name, description, private: isPrivate })
      // Came from a share: the new wall opens its upload dialog with the shared photo.
      void navigate(`/wall/${id}`, { state: wantsSharedPhoto(location.state) ? sharedPhotoState : null })
    } catch (error) {
      toast.error(error instanceof MutationError ? error.message : CREATE_FAILED)
      setSubmitting(false)
    }
  }

  return (
    <>
      <AppHeader />
      <main id="main" className={[styles.main, signedIn ? '' : styles.narrow].join(' ')}>
        <Link to="/" className={styles.back}>
          <Icon name="back" size={18} />
          Back to home
        </Link>
        <div className={signedIn ? styles.layout : undefined}>
          <section className={styles.card} aria-labelledby="create-heading">
            <span className={styles.tape} aria-hidden="true" />
            <h1 id="create-heading" className={styles.title}>
              Create a Moori
            </h1>
            <p className={styles.lede}>
              A wall for looks, ideas and finds. Invite friends to pin theirs too.
            </p>
            <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
              <TextField
                label="Name"
                name="name"
                required
                placeholder="e.g. Wedding guest outfits"
                value={name}
                maxLength={limits.wallName}
                error={nameError}
                onChange={(e) => setName(e.target.value)}
                autoComplete="off"
              />
              <TextField
                label="Description (optional)"
                name="description"
                multiline
                placeholder="What is this Moori for?"
                value={description}
                maxLength={limits.wallDescription}
                error={descriptionError}
                onChange={(e) => setDescription(e.target.value)}
              />
              <label className={styles.check}>
                <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
                <span>{PRIVATE_LABEL}</span>
              </label>
              <Button type="submit" variant={signedIn ? 'primary' : 'accent'} block disabled={disabled}>
                {signedIn ? (submitting ? 'Creating...' : 'Create Moori') : 'Preview & Sign Up'}
              </Button>
              {!signedIn && (
                <p className={styles.note}>
                  Try it out first: your preview is kept on this device until you sign up.
                </p>
              )}
            </form>
          </section>
          {signedIn && account.user && <GenerateFromPrompt ownerId={account.user.id} />}
        </div>
      </main>
    </>
  )
}
