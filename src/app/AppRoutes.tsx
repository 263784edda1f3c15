// Every route of the product (spec §2), made from the one route table in screenChunks.ts, with one lazy
// screen per chunk there. The polaroid route renders over the page it came from when the navigation
// state names a background (the home page), else over its wall: screens never import each other, so
// the route table puts the two together. Screens that lead to others fetch their code ahead
// (home → create-wall → the new wall → its polaroids, and the photo shrinker), so those open offline
// too. A screen whose code cannot be had says so (ScreenErrorBoundary) instead of blanking the app.
import { Suspense, useLayoutEffect, type ComponentType, type ReactNode } from 'react'
import { Route, Routes, useLocation, type Location } from 'react-router-dom'
import { BootShell } from './BootShell'
import { lazyScreen, type LazyScreen } from './lazyScreen'
import { ROUTES, SCREEN_CHUNKS, screensForPath, type RouteEntry, type ScreenName } from './screenChunks'
import { NotFoundScreen } from './NotFoundScreen'
import { ScreenErrorBoundary } from './ScreenErrorBoundary'
import { afterFirstScreen, firstScreenRendered } from '@/lib/afterFirstScreen'
import { markBoot } from '@/lib/bootMarks'

/** Fetches a screen's code once the current screen is shown; a failure only means it loads when opened.
 * Resolves when it has arrived (or could not be had). */
function prefetch(load: () => Promise<unknown>): Promise<void> {
  return new Promise((resolve) =>
    afterFirstScreen(
      () =>
        void load().then(
          () => resolve(),
          (error: unknown) => {
            console.warn('Could not fetch a screen ahead of time', error)
            resolve()
          },
        ),
    ),
  )
}

/** What a screen fetches ahead once it is shown: the path a new person takes from it, all at once (a
 * chain, each screen fetching the next when it arrives, waited for an idle moment per step), and the
 * photo shrinker where a photo is added next: home → create-wall → the new wall (its upload dialog is
 * in its chunk) → the polaroid it opens. So a device that goes offline moments after its first visit,
 * before the service worker holds the app, can still make a wall and put a photo on it. Each of these
 * is evaluated when it arrives, which costs main-thread time after the first paint: the list stays on
 * that path (the profile, 36 KiB gzip, is left to the service worker). */
const toWall = () => SCREENS.WallScreen.preload()
const toPolaroid = () => SCREENS.PolaroidScreen.preload()
/** The shrinker's module too is fetched then: the first screen does not run it. */
const loadDownscaler = () => import('@/lib/downscaleImage').then((shrinker) => shrinker.loadDownscaler())
const LEADS_TO: Partial<Record<ScreenName, Array<() => Promise<unknown>>>> = {
  HomeScreen: [() => SCREENS.CreateWallScreen.preload(), toWall, toPolaroid, loadDownscaler],
  CreateWallScreen: [toWall, toPolaroid, loadDownscaler],
  WallScreen: [toPolaroid],
}

/** What a screen takes: only the polaroid has a prop (`overlay`), which elementOf and the background route pass. */
type ScreenProps = { overlay?: boolean }
type ScreenModule = Record<ScreenName, ComponentType<ScreenProps>>

function lazyOf(name: ScreenName): LazyScreen<ScreenProps> {
  // Each chunk exports the screen under its own name; the table's types cannot say so per key.
  const load = SCREEN_CHUNKS[name] as unknown as () => Promise<ScreenModule>
  return lazyScreen(() => {
    const ahead = LEADS_TO[name]
    // The page marks when a screen's next steps are all on the device (tests wait for it to go offline).
    if (ahead) void Promise.all(ahead.map(prefetch)).then(() => markBoot(`ahead-of-${name}`))
    return load()
  }, name)
}

/** One lazy screen per chunk of the route table. */
const SCREENS = Object.fromEntries(
  (Object.keys(SCREEN_CHUNKS) as ScreenName[]).map((name) => [name, lazyOf(name)]),
) as Record<ScreenName, LazyScreen<ScreenProps>>

/**
 * Resolves once the screens `pathname` shows can render without suspending (their code is usually
 * already on its way: the boot script asked for it); never rejects.
 */
export function preloadScreensFor(pathname: string): Promise<unknown> {
  return loadScreensFor(pathname).catch(() => undefined)
}

/** Loads the code of the screens `pathname` shows; rejects when it cannot be had (offline). */
function loadScreensFor(pathname: string): Promise<unknown> {
  return Promise.all(screensForPath(pathname).map((name) => SCREENS[name].preload()))
}

/** Commits with the screen it sits beside: for screens that do not say themselves when they are shown. */
function Shown() {
  useLayoutEffect(firstScreenRendered, [])
  return null
}

/** The home page and a wall say themselves when they are shown, once their data is read. */
const SAYS_WHEN_SHOWN: ReadonlySet<ScreenName> = new Set(['HomeScreen', 'WallScreen'])

/** A route's screens; every other screen is "shown" when its code has loaded and it rendered. */
function elementOf(route: RouteEntry): ReactNode {
  const screens = route.screens.map((name) => {
    // The polaroid drawn over its own wall is a page, not an overlay (that is the background route's).
    const Screen = SCREENS[name]
    return name === 'PolaroidScreen' ? <Screen key={name} overlay={false} /> : <Screen key={name} />
  })
  return (
    <>
      {screens}
      {!route.screens.some((name) => SAYS_WHEN_SHOWN.has(name)) && <Shown />}
    </>
  )
}

export function AppRoutes() {
  const location = useLocation()
  const background = (location.state as { background?: Location } | null)?.background
  return (
    <ScreenErrorBoundary resetKey={location.pathname} retry={() => loadScreensFor(location.pathname)}>
      <Suspense fallback={<BootShell />}>
        <Routes location={background ?? location}>
          {ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={elementOf(route)} />
          ))}
          <Route
            path="*"
            element={
              <>
                <NotFoundScreen />
                <Shown />
              </>
            }
          />
        </Routes>
        {background && (
          <Routes>
            <Route path="/wall/:wallId/polaroid/:polaroidId" element={<SCREENS.PolaroidScreen overlay />} />
          </Routes>
        )}
      </Suspense>
    </ScreenErrorBoundary>
  )
}
