// /reset-password (spec §2, §8): asks for an email and sends a password-reset link (it leads back to
// the site root, which forwards to /create-password).
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { sendPasswordReset } from '@/auth/authActions'
import { AppHeader } from '@/components/AppHeader'
import { Button } from '@/components/Button'
import { FormPage } from '@/components/FormPage'
import { Icon } from '@/components/Icon'
import { TextField } from '@/components/TextField'
import { useToast } from '@/components/Toasts'
import styles from './PasswordScreens.module.css'

export const RESET_SENT = 'Password reset email sent! Check your inbox.'
export const RESET_FAILED = 'Failed to send reset email.'

export function ResetPasswordScreen() {
  const toast = useToast()
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<'sent' | 'failed' | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setResult(null)
    if (!email.trim()) return setEmailError('Email is required')
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setEmailError('Enter a valid email address')
    setEmailError(null)
    setBusy(true)
    const outcome = await sendPasswordReset(email)
    setBusy(false)
    if (outcome.ok) {
      setResult('sent')
      toast.success(RESET_SENT)
    } else {
      setResult('failed')
      toast.error(RESET_FAILED)
    }
  }

  return (
    <FormPage
      header={<AppHeader />}
      title="Reset your password"
      lede={<p>Enter the email you signed up with. We will send you a link to choose a new password.</p>}
      footer={
        <Link to="/" className={styles.footerLink}>
          Back to home
        </Link>
      }
    >
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError}
        />
        {result === 'sent' && (
          <p className={styles.success} role="status">
            <Icon name="mail" size={18} />
            {RESET_SENT}
          </p>
        )}
        {result === 'failed' && (
          <p className={styles.error} role="alert">
            <Icon name="alert" size={18} />
            {RESET_FAILED}
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </FormPage>
  )
}
