// Every route of the product (spec §2). The polaroid route renders over the page it came from when the
// navigation state names a background (the home page), else over its wall: screens never import each
// other, so the route table puts the two together. Screens that lead to others fetch their code ahead
// (create-wall → the new wall, a wall → its polaroids), so those open offline too.
import { Suspense, useLayoutEffect, type ReactNode } from 'react'
import { Route, Routes, useLocation, type Location } from 'react-router-dom'
import { BootShell } from './BootShell'
import { lazyScreen } from './lazyScreen'
import { SCREEN_CHUNKS, screensForPath, type ScreenName } from './screenChunks'
import { NotFoundScreen } from './NotFoundScreen'
import { afterFirstScreen, firstScreenRendered } from '@/lib/afterFirstScreen'

/** Fetches a screen's code once the current screen is shown; a failure only means it loads when opened. */
function prefetch(load: () => Promise<unknown>): void {
  afterFirstScreen(() => void load().catch((error: unknown) => console.warn('Could not fetch a screen ahead of time', error)))
}

const HomeScreen = lazyScreen(SCREEN_CHUNKS.HomeScreen, 'HomeScreen')
const CreateWallScreen = lazyScreen(() => {
  prefetch(SCREEN_CHUNKS.WallScreen)
  return SCREEN_CHUNKS.CreateWallScreen()
}, 'CreateWallScreen')
const PreviewScreen = lazyScreen(SCREEN_CHUNKS.PreviewScreen, 'PreviewScreen')
const WallScreen = lazyScreen(() => {
  prefetch(SCREEN_CHUNKS.PolaroidScreen)
  return SCREEN_CHUNKS.WallScreen()
}, 'WallScreen')
const SubmitScreen = lazyScreen(SCREEN_CHUNKS.SubmitScreen, 'SubmitScreen')
const PolaroidScreen = lazyScreen(SCREEN_CHUNKS.PolaroidScreen, 'PolaroidScreen')
const ProfileScreen = lazyScreen(SCREEN_CHUNKS.ProfileScreen, 'ProfileScreen')
const SetupProfileScreen = lazyScreen(SCREEN_CHUNKS.SetupProfileScreen, 'SetupProfileScreen')
const ResetPasswordScreen = lazyScreen(SCREEN_CHUNKS.ResetPasswordScreen, 'ResetPasswordScreen')
const ShareScreen = lazyScreen(SCREEN_CHUNKS.ShareScreen, 'ShareScreen')
const CreatePasswordScreen = lazyScreen(SCREEN_CHUNKS.CreatePasswordScreen, 'CreatePasswordScreen')

const SCREENS: Record<ScreenName, { preload(): Promise<unknown> }> = {
  HomeScreen,
  CreateWallScreen,
  PreviewScreen,
  WallScreen,
  SubmitScreen,
  PolaroidScreen,
  ProfileScreen,
  SetupProfileScreen,
  ResetPasswordScreen,
  CreatePasswordScreen,
  ShareScreen,
}

/**
 * Resolves once the screens `pathname` shows can render without suspending (their code is usually
 * already on its way: the boot script asked for it); never rejects.
 */
export function preloadScreensFor(pathname: string): Promise<unknown> {
  return Promise.all(screensForPath(pathname).map((name) => SCREENS[name].preload())).catch(() => undefined)
}

/** Commits with the screen it sits beside: for screens that do not say themselves when they are shown. */
function Shown() {
  useLayoutEffect(firstScreenRendered, [])
  return null
}

/** Every other screen is "shown" when its code has loaded and it rendered (the home page and a wall say it themselves, once their data is read). */
const shown = (screen: ReactNode) => (
  <>
    {screen}
    <Shown />
  </>
)

export function AppRoutes() {
  const location = useLocation()
  const background = (location.state as { background?: Location } | null)?.background
  return (
    <Suspense fallback={<BootShell />}>
      <Routes location={background ?? location}>
        <Route path="/" element={<HomeScreen />} />
        <Route path="/create-wall" element={shown(<CreateWallScreen />)} />
        <Route path="/create-preview" element={shown(<PreviewScreen />)} />
        <Route path="/wall" element={<WallScreen />} />
        <Route path="/wall/:wallId" element={<WallScreen />} />
        <Route path="/wall/:wallId/submit" element={shown(<SubmitScreen />)} />
        <Route
          path="/wall/:wallId/polaroid/:polaroidId"
          element={
            <>
              <WallScreen />
              <PolaroidScreen overlay={false} />
            </>
          }
        />
        <Route path="/profile/:username" element={shown(<ProfileScreen />)} />
        <Route path="/setup-profile" element={shown(<SetupProfileScreen />)} />
        <Route path="/reset-password" element={shown(<ResetPasswordScreen />)} />
        <Route path="/create-password" element={shown(<CreatePasswordScreen />)} />
        <Route path="/share" element={shown(<ShareScreen />)} />
        <Route path="/:username" element={shown(<ProfileScreen />)} />
        <Route path="*" element={shown(<NotFoundScreen />)} />
      </Routes>
      {background && (
        <Routes>
          <Route path="/wall/:wallId/polaroid/:polaroidId" element={<PolaroidScreen overlay />} />
        </Routes>
      )}
    </Suspense>
  )
}
