import './styles/fonts.css'
import './styles/tokens.css'
import './styles/base.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { registerServiceWorker } from './pwa/serviceWorker'
import { markBoot } from '@/lib/bootMarks'

markBoot('entry')

document.documentElement.dataset.build = __MOORI_BUILD__
registerServiceWorker()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
