// The sign-in dialog (spec §2, §5, §8): sign in, sign up and magic link, plus Google. On success it
// calls back and closes; closing forgets what was typed (the form mounts fresh on every opening).
import { useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { sendMagicLink, signInWithGoogle, signInWithPassword, signUp } from '@/auth/authActions'
import { Button } from './Button'
import { Dialog } from './Dialog'
import { Icon } from './Icon'
import { TextField } from './TextField'
import styles from './SignInDialog.module.css'

export type AuthMode = 'signIn' | 'signUp' | 'magicLink'

export const MAGIC_LINK_SENT = 'Magic link sent! Check your inbox and click the link to sign in.'
export const CONFIRM_EMAIL = 'Check your email to confirm your account!'
export const MIN_PASSWORD = 6

const titles: Record<AuthMode, string> = {
  signIn: 'Sign In',
  signUp: 'Create your account',
  magicLink: 'Sign in with a magic link',
}

const submitLabels: Record<AuthMode, [idle: string, busy: string]> = {
  signIn: ['Sign In', 'Signing in...'],
  signUp: ['Sign Up', 'Signing up...'],
  magicLink: ['Send Magic Link', 'Sending...'],
}

interface FieldErrors {
  email?: string
  password?: string
}

/** The form's own checks: email required and shaped like one; password required, 6+ (not for magic links). */
export function signInFormErrors(mode: AuthMode, email: string, password: string): FieldErrors {
  const errors: FieldErrors = {}
  if (!email.trim()) errors.email = 'Email is required'
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.email = 'Enter a valid email address'
  if (mode !== 'magicLink') {
    if (!password) errors.password = 'Password is required'
    else if (password.length < MIN_PASSWORD)
      errors.password = `Password must be at least ${MIN_PASSWORD} characters`
  }
  return errors
}

export interface SignInDialogProps {
  open: boolean
  initialMode?: AuthMode
  onClose: () => void
  onSuccess?: () => void
}

export function SignInDialog({ open, initialMode = 'signIn', onClose, onSuccess }: SignInDialogProps) {
  // The mode the user switched to inside the dialog; forgotten on close, so it opens as asked.
  const [switched, setSwitched] = useState<AuthMode | null>(null)
  const [busy, setBusy] = useState(false)
  const mode = switched ?? initialMode
  const close = () => {
    setSwitched(null)
    onClose()
  }
  return (
    <Dialog open={open} title={titles[mode]} onClose={close} busy={busy} className={styles.dialog}>
      <SignInForm
        mode={mode}
        onMode={setSwitched}
        onBusy={setBusy}
        onClose={close}
        onSuccess={() => {
          onSuccess?.()
          close()
        }}
      />
    </Dialog>
  )
}

function SignInForm({
  mode,
  onMode,
  onBusy,
  onClose,
  onSuccess,
}: {
  mode: AuthMode
  onMode: (mode: AuthMode) => void
  onBusy: (busy: boolean) => void
  onClose: () => void
  onSuccess: () => void
}) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [working, setWorking] = useState<'form' | 'google' | null>(null)

  const run = async (what: 'form' | 'google', task: () => Promise<void>) => {
    setWorking(what)
    onBusy(true)
    try {
      await task()
    } finally {
      setWorking(null)
      onBusy(false)
    }
  }

  const switchTo = (next: AuthMode) => {
    setErrors({})
    setFormError(null)
    setNotice(null)
    onMode(next)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = signInFormErrors(mode, email, password)
    setErrors(found)
    setFormError(null)
    setNotice(null)
    if (found.email || found.password) return
    void run('form', async () => {
      if (mode === 'magicLink') {
        const result = await sendMagicLink(email)
        if (!result.ok) return setFormError(result.message || 'Authentication failed')
        // The dialog says so where the user is looking (a toast would repeat it inside the dialog).
        setNotice(MAGIC_LINK_SENT)
        return
      }
      if (mode === 'signUp') {
        const result = await signUp(email, password)
        if (!result.ok) return setFormError(result.message || 'Authentication failed')
        if (result.confirm) {
          setNotice(CONFIRM_EMAIL)
          return
        }
        return onSuccess()
      }
      const result = await signInWithPassword(email, password)
      if (!result.ok) return setFormError(result.message || 'Authentication failed')
      onSuccess()
    })
  }

  const google = () =>
    void run('google', async () => {
      const result = await signInWithGoogle()
      if (!result.ok) setFormError('Google Sign-In failed')
    })

  const [idle, busyLabel] = submitLabels[mode]
  let footer: ReactNode
  if (mode === 'signIn') {
    footer = (
      <>
        <p>
          New to Moori?{' '}
          <button type="button" className={styles.linkButton} onClick={() => switchTo('signUp')}>
            Sign up
          </button>
        </p>
        <p>
          <button type="button" className={styles.linkButton} onClick={() => switchTo('magicLink')}>
            Email me a magic link instead
          </button>
        </p>
      </>
    )
  } else if (mode === 'signUp') {
    footer = (
      <p>
        Already have an account?{' '}
        <button type="button" className={styles.linkButton} onClick={() => switchTo('signIn')}>
          Sign in
        </button>
      </p>
    )
  } else {
    footer = (
      <Button variant="ghost" size="small" onClick={() => switchTo('signIn')}>
        <Icon name="back" size={16} />
        Back to Sign In
      </Button>
    )
  }

  return (
    <div className={styles.body}>
      <p className={styles.lede}>
        {mode === 'signUp'
          ? 'Make Mooris, pin polaroids and keep your wardrobe in one place.'
          : mode === 'magicLink'
            ? 'We will email you a link that signs you in. No password needed.'
            : 'Welcome back! Your Mooris are waiting.'}
      </p>
      <Button block onClick={google} disabled={working !== null} className={styles.google}>
        <Icon name="google" size={18} />
        {working === 'google' ? 'Opening Google...' : 'Continue with Google'}
      </Button>
      <div className={styles.divider} role="presentation">
        <span>or</span>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        {mode !== 'magicLink' && (
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
            required
            minLength={MIN_PASSWORD}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            hint={mode === 'signUp' ? `At least ${MIN_PASSWORD} characters` : undefined}
          />
        )}
        {mode === 'signIn' && (
          <Link to="/reset-password" className={styles.forgot} onClick={onClose}>
            Forgot password?
          </Link>
        )}
        {formError && (
          <p className={styles.error} role="alert">
            <Icon name="alert" size={18} />
            {formError}
          </p>
        )}
        {notice && (
          <p className={styles.notice} role="status">
            <Icon name="mail" size={18} />
            {notice}
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={working !== null}>
          {working === 'form' ? busyLabel : idle}
        </Button>
      </form>
      <div className={styles.footer}>{footer}</div>
    </div>
  )
}
