// Renders the app once the first route's screen code is there (the entry asked for it), so the route
// never shows a loading fallback it would then have to replace: React holds back the reveal of content
// that replaces a shown fallback by ~300 ms. The static boot shell in index.html stays up meanwhile.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { preloadScreensFor } from './AppRoutes'
import { registerServiceWorker } from './pwa/serviceWorker'
import { markBoot } from '@/lib/bootMarks'

export async function startApp(): Promise<void> {
  markBoot('app-code')
  document.documentElement.dataset.build = __MOORI_BUILD__
  registerServiceWorker()
  await preloadScreensFor(location.pathname)
  markBoot('screen-code')
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
