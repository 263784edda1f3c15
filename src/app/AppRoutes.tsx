// Every route of the product (spec §2). The polaroid route renders over the page it came from when the
// navigation state names a background (the home page), else over its wall: screens never import each
// other, so the route table puts the two together. Screens that lead to others fetch their code ahead
// (create-wall → the new wall, a wall → its polaroids), so those open offline too.
import { Suspense, useLayoutEffect } from 'react'
import { Route, Routes, useLocation, type Location } from 'react-router-dom'
import { BootShell } from './BootShell'
import { lazyScreen } from './lazyScreen'
import { NotFoundScreen } from './NotFoundScreen'
import { firstScreenRendered } from '@/lib/afterFirstScreen'

const HomeScreen = lazyScreen(() => import('@/screens/home/HomeScreen'), 'HomeScreen')
const CreateWallScreen = lazyScreen(() => {
  prefetch(loadWallScreen)
  return import('@/screens/create-wall/CreateWallScreen')
}, 'CreateWallScreen')
const PreviewScreen = lazyScreen(() => import('@/screens/preview/PreviewScreen'), 'PreviewScreen')
/** Fetches a screen's code in the background; a failure only means it loads when opened. */
function prefetch(load: () => Promise<unknown>): void {
  load().catch((error: unknown) => console.warn('Could not fetch a screen ahead of time', error))
}

const loadPolaroidScreen = () => import('@/screens/polaroid/PolaroidScreen')
const loadWallScreen = () => import('@/screens/wall/WallScreen')
const WallScreen = lazyScreen(() => {
  prefetch(loadPolaroidScreen)
  return loadWallScreen()
}, 'WallScreen')
const SubmitScreen = lazyScreen(() => import('@/screens/submit/SubmitScreen'), 'SubmitScreen')
const PolaroidScreen = lazyScreen(loadPolaroidScreen, 'PolaroidScreen')
const ProfileScreen = lazyScreen(() => import('@/screens/profile/ProfileScreen'), 'ProfileScreen')
const SetupProfileScreen = lazyScreen(() => import('@/screens/setup-profile/SetupProfileScreen'), 'SetupProfileScreen')
const ResetPasswordScreen = lazyScreen(() => import('@/screens/password/ResetPasswordScreen'), 'ResetPasswordScreen')
const ShareScreen = lazyScreen(() => import('@/screens/share/ShareScreen'), 'ShareScreen')
const CreatePasswordScreen = lazyScreen(() => import('@/screens/password/CreatePasswordScreen'), 'CreatePasswordScreen')

/** Commits together with the route's screen (the same Suspense boundary), so the first one says it rendered. */
function ScreenRendered() {
  useLayoutEffect(firstScreenRendered, [])
  return null
}

export function AppRoutes() {
  const location = useLocation()
  const background = (location.state as { background?: Location } | null)?.background
  return (
    <Suspense fallback={<BootShell />}>
      <Routes location={background ?? location}>
        <Route path="/" element={<HomeScreen />} />
        <Route path="/create-wall" element={<CreateWallScreen />} />
        <Route path="/create-preview" element={<PreviewScreen />} />
        <Route path="/wall" element={<WallScreen />} />
        <Route path="/wall/:wallId" element={<WallScreen />} />
        <Route path="/wall/:wallId/submit" element={<SubmitScreen />} />
        <Route
          path="/wall/:wallId/polaroid/:polaroidId"
          element={
            <>
              <WallScreen />
              <PolaroidScreen overlay={false} />
            </>
          }
        />
        <Route path="/profile/:username" element={<ProfileScreen />} />
        <Route path="/setup-profile" element={<SetupProfileScreen />} />
        <Route path="/reset-password" element={<ResetPasswordScreen />} />
        <Route path="/create-password" element={<CreatePasswordScreen />} />
        <Route path="/share" element={<ShareScreen />} />
        <Route path="/:username" element={<ProfileScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Routes>
      <ScreenRendered />
      {background && (
        <Routes>
          <Route path="/wall/:wallId/polaroid/:polaroidId" element={<PolaroidScreen overlay />} />
        </Routes>
      )}
    </Suspense>
  )
}
