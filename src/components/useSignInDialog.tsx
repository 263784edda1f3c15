// One sign-in dialog per screen, opened in a given mode by any button on it (header, prompts).
import { useCallback, useState } from 'react'
import { SignInDialog, type AuthMode } from './SignInDialog'

export function useSignInDialog(onSuccess?: () => void) {
  const [mode, setMode] = useState<AuthMode | null>(null)
  const [lastMode, setLastMode] = useState<AuthMode>('signIn')
  const open = useCallback((next: AuthMode = 'signIn') => {
    setLastMode(next)
    setMode(next)
  }, [])
  const dialog = (
    <SignInDialog
      open={mode !== null}
      initialMode={mode ?? lastMode}
      onClose={() => setMode(null)}
      onSuccess={onSuccess}
    />
  )
  return { open, dialog }
}
