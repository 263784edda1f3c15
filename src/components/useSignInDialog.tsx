// One sign-in dialog per screen, opened in a given mode by any button on it (header, prompts). The
// dialog's code (and auth-js behind it) is not part of the first load: it is fetched ahead at idle time
// and mounted on the first opening (then kept, so closing returns focus as usual).
import { Suspense, useCallback, useState } from 'react'
import { lazyPart } from './lazyPart'
import type { AuthMode } from './SignInDialog'

const SignInDialog = lazyPart(() => import('./SignInDialog'), 'SignInDialog')

export function useSignInDialog(onSuccess?: () => void) {
  const [mode, setMode] = useState<AuthMode | null>(null)
  const [lastMode, setLastMode] = useState<AuthMode>('signIn')
  const [opened, setOpened] = useState(false)
  const open = useCallback((next: AuthMode = 'signIn') => {
    setLastMode(next)
    setMode(next)
    setOpened(true)
  }, [])
  const dialog = opened ? (
    <Suspense fallback={null}>
      <SignInDialog
        open={mode !== null}
        initialMode={mode ?? lastMode}
        onClose={() => setMode(null)}
        onSuccess={onSuccess}
      />
    </Suspense>
  ) : null
  return { open, dialog }
}
