import './styles/fonts.css'
import './styles/tokens.css'
import './styles/base.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { preloadScreensFor } from './AppRoutes'
import { registerServiceWorker } from './pwa/serviceWorker'
import { markBoot } from '@/lib/bootMarks'

markBoot('entry')
document.documentElement.dataset.build = __MOORI_BUILD__
registerServiceWorker()

// The first screen's code is fetched before React renders, so the route never shows a loading
// fallback it would then have to replace (the static boot shell stays up meanwhile).
void preloadScreensFor(location.pathname).then(() => {
  markBoot('screen-code')
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
