// Paths that name static files rather than app routes. Usernames may contain dots (/milo.reyes), so
// only known asset extensions count; everything else is a route and gets the app shell.
export const assetPathPattern = /\.(?:html?|txt|xml|json|js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|webmanifest|woff2?)$/i

export function isAssetPath(pathname: string): boolean {
  return assetPathPattern.test(pathname)
}
