// 'Install app' where the browser offers it; on iOS Safari a short how-to for Add to Home Screen.
// Renders nothing when the app is installed or cannot be.
import { useState } from 'react'
import { Button } from './Button'
import { Dialog } from './Dialog'
import { Icon } from './Icon'
import { useInstallPrompt } from './useInstallPrompt'

export function InstallButton({ size = 'small' }: { size?: 'small' | 'normal' }) {
  const prompt = useInstallPrompt()
  const [howTo, setHowTo] = useState(false)
  if (!prompt.canPrompt && !prompt.showIosHowTo) return null
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        onClick={() => (prompt.canPrompt ? void prompt.install() : setHowTo(true))}
        data-testid="install-button"
      >
        <Icon name="download" size={16} />
        Install app
      </Button>
      <Dialog open={howTo} title="Add Moori to your Home Screen" onClose={() => setHowTo(false)}>
        <ol>
          <li>Tap the Share button in Safari's toolbar.</li>
          <li>Choose “Add to Home Screen”.</li>
          <li>Tap “Add”. Moori opens from your Home Screen, even offline.</li>
        </ol>
      </Dialog>
    </>
  )
}
