// The route table: where each screen's code lives and which screens each path shows. AppRoutes makes
// its lazy screens and its <Route>s from it, and the boot script, which starts fetching the first
// route's code before React (and react-router) have loaded, reads it with a small matcher of its own
// (screenChunks.test.ts holds that matcher to react-router's ranking).
export const SCREEN_CHUNKS = {
  HomeScreen: () => import('@/screens/home/HomeScreen'),
  CreateWallScreen: () => import('@/screens/create-wall/CreateWallScreen'),
  PreviewScreen: () => import('@/screens/preview/PreviewScreen'),
  WallScreen: () => import('@/screens/wall/WallScreen'),
  SubmitScreen: () => import('@/screens/submit/SubmitScreen'),
  PolaroidScreen: () => import('@/screens/polaroid/PolaroidScreen'),
  ProfileScreen: () => import('@/screens/profile/ProfileScreen'),
  SetupProfileScreen: () => import('@/screens/setup-profile/SetupProfileScreen'),
  ResetPasswordScreen: () => import('@/screens/password/ResetPasswordScreen'),
  CreatePasswordScreen: () => import('@/screens/password/CreatePasswordScreen'),
  ShareScreen: () => import('@/screens/share/ShareScreen'),
} as const

export type ScreenName = keyof typeof SCREEN_CHUNKS

export interface RouteEntry {
  path: string
  /** The screens the path shows, drawn in this order (a polaroid over its wall). */
  screens: readonly ScreenName[]
}

/** Every route of the product (spec §2), most specific first (`:name` matches one segment). */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/', screens: ['HomeScreen'] },
  { path: '/create-wall', screens: ['CreateWallScreen'] },
  { path: '/create-preview', screens: ['PreviewScreen'] },
  { path: '/setup-profile', screens: ['SetupProfileScreen'] },
  { path: '/reset-password', screens: ['ResetPasswordScreen'] },
  { path: '/create-password', screens: ['CreatePasswordScreen'] },
  { path: '/share', screens: ['ShareScreen'] },
  { path: '/wall', screens: ['WallScreen'] },
  { path: '/wall/:wallId', screens: ['WallScreen'] },
  { path: '/wall/:wallId/submit', screens: ['SubmitScreen'] },
  { path: '/wall/:wallId/polaroid/:polaroidId', screens: ['WallScreen', 'PolaroidScreen'] },
  { path: '/profile/:username', screens: ['ProfileScreen'] },
  { path: '/:username', screens: ['ProfileScreen'] },
]

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean)
  const have = pathname.split('/').filter(Boolean)
  return want.length === have.length && want.every((segment, i) => segment.startsWith(':') || segment === have[i])
}

/** The route `pathname` takes, as the boot script sees it (undefined for paths no route knows). */
export function routeForPath(pathname: string): RouteEntry | undefined {
  return ROUTES.find((route) => matches(route.path, pathname))
}

/** The username a profile route names (/{username}, /profile/{username}); null for any other path. */
export function profileUsernameOfPath(pathname: string): string | null {
  if (routeForPath(pathname)?.screens[0] !== 'ProfileScreen') return null
  const last = pathname.split('/').filter(Boolean).pop()
  try {
    return last ? decodeURIComponent(last) : null
  } catch {
    return null
  }
}

/** The screens `pathname` shows (none for paths no route knows). */
export function screensForPath(pathname: string): readonly ScreenName[] {
  return routeForPath(pathname)?.screens ?? []
}

/** Starts loading the code of the screens `pathname` shows; never rejects (a failure shows when rendered). */
export function loadScreensFor(pathname: string): Promise<unknown> {
  return Promise.all(screensForPath(pathname).map((name) => SCREEN_CHUNKS[name]())).catch(() => undefined)
}
