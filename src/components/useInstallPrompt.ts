// The browser's offer to install the app (beforeinstallprompt), kept until the user uses it, and
// whether this is iOS Safari, which has no such offer but can Add to Home Screen by hand.
import { useEffect, useState } from 'react'

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferred: InstallPromptEvent | null = null
const listeners = new Set<() => void>()

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as InstallPromptEvent
    listeners.forEach((l) => l())
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    listeners.forEach((l) => l())
  })
}

function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
}

function isIosSafari(): boolean {
  const ua = navigator.userAgent
  return /iPad|iPhone|iPod/.test(ua) && /Safari/.test(ua) && !/CriOS|FxiOS/.test(ua)
}

export interface InstallPrompt {
  /** The browser offers installation now. */
  canPrompt: boolean
  /** iOS Safari: show the Add to Home Screen how-to instead. */
  showIosHowTo: boolean
  install(): Promise<void>
}

export function useInstallPrompt(): InstallPrompt {
  const [, setVersion] = useState(0)
  useEffect(() => {
    const listener = () => setVersion((v) => v + 1)
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }, [])
  const standalone = typeof window !== 'undefined' && isStandalone()
  return {
    canPrompt: !standalone && deferred !== null,
    showIosHowTo: !standalone && deferred === null && typeof navigator !== 'undefined' && isIosSafari(),
    async install() {
      const event = deferred
      if (!event) return
      await event.prompt()
      await event.userChoice
      deferred = null
      listeners.forEach((l) => l())
    },
  }
}
