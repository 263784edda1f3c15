// The page's entry, kept small so it runs early: it starts what the first screen needs (the route's
// screen code, the wall's rows and photos from the replica, or from the server on a first visit) and loads the app
// itself, whose chunk the HTML already preloads (scripts/lib/preloadChunks.ts), so all of it arrives
// side by side rather than one after the other.
import './styles/fonts.css'
import './styles/tokens.css'
import './styles/base.css'
import { readStoredSession } from '@/auth/storedSession'
import { AUTH_STORAGE_KEY } from '@/auth/supabaseClient'
import { appConfig } from '@/auth/config'
import { earlyAuthOf } from '@/data/early/fetchWallEarly'
import { startFirstScreenRead } from '@/data/early/firstScreen'
import { databaseNameFor } from '@/data/replicaName'
import { markBoot } from '@/lib/bootMarks'
import { loadScreensFor, profileUsernameOfPath } from './screenChunks'

markBoot('entry')
void loadScreensFor(location.pathname)
const stored = readStoredSession(globalThis.localStorage, AUTH_STORAGE_KEY)
startFirstScreenRead(
  location.pathname,
  databaseNameFor(stored?.user.id ?? null),
  { url: appConfig.supabaseUrl, imageTransforms: appConfig.imageTransforms },
  earlyAuthOf(appConfig.anonKey, stored),
  fetch,
  profileUsernameOfPath(location.pathname),
)
void import('./startApp').then(({ startApp }) => startApp())
