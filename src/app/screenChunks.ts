// Where each screen's code lives and which screens each path shows: one table for the route table's
// lazy screens and for the boot script, which starts fetching the first route's code before React (and
// react-router) have loaded, hence the small matcher of its own.
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

/** Paths with their screens, most specific first (`:name` matches one segment). */
const SCREENS_BY_PATH: ReadonlyArray<readonly [string, readonly ScreenName[]]> = [
  ['/', ['HomeScreen']],
  ['/create-wall', ['CreateWallScreen']],
  ['/create-preview', ['PreviewScreen']],
  ['/setup-profile', ['SetupProfileScreen']],
  ['/reset-password', ['ResetPasswordScreen']],
  ['/create-password', ['CreatePasswordScreen']],
  ['/share', ['ShareScreen']],
  ['/wall', ['WallScreen']],
  ['/wall/:wallId', ['WallScreen']],
  ['/wall/:wallId/submit', ['SubmitScreen']],
  ['/wall/:wallId/polaroid/:polaroidId', ['WallScreen', 'PolaroidScreen']],
  ['/profile/:username', ['ProfileScreen']],
  ['/:username', ['ProfileScreen']],
]

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean)
  const have = pathname.split('/').filter(Boolean)
  return want.length === have.length && want.every((segment, i) => segment.startsWith(':') || segment === have[i])
}

/** The screens `pathname` shows (none for paths no route knows). */
export function screensForPath(pathname: string): readonly ScreenName[] {
  return SCREENS_BY_PATH.find(([pattern]) => matches(pattern, pathname))?.[1] ?? []
}

/** Starts loading the code of the screens `pathname` shows; never rejects (a failure shows when rendered). */
export function loadScreensFor(pathname: string): Promise<unknown> {
  return Promise.all(screensForPath(pathname).map((name) => SCREEN_CHUNKS[name]())).catch(() => undefined)
}
