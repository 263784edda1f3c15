// 'Install app' where the browser offers it; on iOS Safari a short how-to for Add to Home Screen.
// Renders nothing when the app is installed or cannot be.
import { Suspense, useEffect, useState } from 'react'
import { Button } from './Button'
import { Icon } from './Icon'
import { lazyPart } from './lazyPart'
import { useInstallPrompt } from './useInstallPrompt'

const loadHowTo = () => import('./InstallHowToDialog')
const InstallHowToDialog = lazyPart(loadHowTo, 'InstallHowToDialog', { prefetch: false })

export function InstallButton({ size = 'small' }: { size?: 'small' | 'normal' }) {
  const prompt = useInstallPrompt()
  const [howTo, setHowTo] = useState(false)
  // Mounted from the first opening on (closing returns focus to the button).
  const [opened, setOpened] = useState(false)
  useEffect(() => {
    if (!prompt.showIosHowTo) return
    loadHowTo().catch((error: unknown) => console.warn('Could not fetch the install how-to ahead of time', error))
  }, [prompt.showIosHowTo])
  if (!prompt.canPrompt && !prompt.showIosHowTo) return null
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        onClick={() => {
          if (prompt.canPrompt) return void prompt.install()
          setHowTo(true)
          setOpened(true)
        }}
        data-testid="install-button"
      >
        <Icon name="download" size={16} />
        Install app
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <InstallHowToDialog open={howTo} onClose={() => setHowTo(false)} />
        </Suspense>
      )}
    </>
  )
}
