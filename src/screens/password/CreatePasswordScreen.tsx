// /create-password (spec §2, §4, §8): shown only when the address carries type=recovery (a recovery
// link signed the user in), else 'Invalid or Expired Link'. After the update it goes home in 2 s.
import { useEffect, useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { updatePassword } from '@/auth/authActions'
import { useSession } from '@/auth/SessionContext'
import { limits } from '@/lib/validation'
import { AppHeader } from '@/components/AppHeader'
import { Button, ButtonLink } from '@/components/Button'
import { FormPage } from '@/components/FormPage'
import { Icon } from '@/components/Icon'
import { TextField } from '@/components/TextField'
import { useToast } from '@/components/Toasts'
import styles from './PasswordScreens.module.css'

export const PASSWORD_UPDATED = 'Password updated! You can now sign in with your new password.'
export const PASSWORD_FAILED = 'Failed to update password.'
export const REDIRECT_AFTER_UPDATE_MS = 2000

export function passwordError(password: string): string | null {
  if (!password) return 'Password is required'
  if (password.length < limits.password) return `Password must be at least ${limits.password} characters`
  return null
}

export function CreatePasswordScreen() {
  const location = useLocation()
  const session = useSession()
  const navigate = useNavigate()
  const toast = useToast()
  const [valid] = useState(() => location.hash.includes('type=recovery') || session.recovering)
  const [password, setPassword] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => void navigate('/', { replace: true }), REDIRECT_AFTER_UPDATE_MS)
    return () => clearTimeout(timer)
  }, [done, navigate])

  if (!valid) {
    return (
      <FormPage
        header={<AppHeader />}
        title="Invalid or Expired Link"
        lede={<p>This password link does not work any more. Links work once and expire after a while.</p>}
      >
        <div className={styles.actions}>
          <ButtonLink to="/reset-password" variant="primary">
            Send a new link
          </ButtonLink>
          <ButtonLink to="/">Go Home</ButtonLink>
        </div>
      </FormPage>
    )
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    const problem = passwordError(password)
    setFieldError(problem)
    if (problem || busy || done) return
    setBusy(true)
    const result = await updatePassword(password)
    setBusy(false)
    if (!result.ok) {
      // The spec's words first; the server's reason (e.g. a weak password) underneath.
      setFailure(result.message && result.message !== PASSWORD_FAILED ? result.message : '')
      toast.error(PASSWORD_FAILED)
      return
    }
    session.finishRecovery()
    setDone(true)
    toast.success(PASSWORD_UPDATED)
  }

  return (
    <FormPage
      header={<AppHeader />}
      title="Choose a new password"
      lede={<p>Pick a new password for your Moori account.</p>}
    >
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={limits.password}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError}
          hint={`At least ${limits.password} characters`}
          disabled={done}
        />
        {done && (
          <p className={styles.success} role="status">
            <Icon name="check" size={18} />
            {PASSWORD_UPDATED}
          </p>
        )}
        {failure !== null && (
          <p className={styles.error} role="alert">
            <Icon name="alert" size={18} />
            <span>
              {PASSWORD_FAILED}
              {failure && <span className={styles.detail}>{failure}</span>}
            </span>
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={busy || done}>
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </FormPage>
  )
}
