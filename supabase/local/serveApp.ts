// Serves the built app (dist/) from the stack's own origin, so the app, Supabase and the product API
// share one origin in local use: no CORS, and email links land where the app is. Hashed assets are
// cached for a year; the HTML shell, the service worker and the manifest are always revalidated; text
// goes out gzip-compressed.
// Any other GET that is not a file and not a service path gets the shell (client-side routes).
// A share POSTed with no service worker to receive it is sent on to /share. Every app response carries
// the build's security headers (dist/_headers: CSP, nosniff, frame and referrer policies).
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Hono, MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { serveStatic } from '@hono/node-server/serve-static'
import { isAssetPath } from '../../src/lib/assetPaths'
import { appSecurityHeaders, parseHeadersFile } from './appSecurityHeaders'
import { SHARE_SCREEN, SHARE_TARGET_ACTION } from '../../src/lib/shareTarget'

/** Paths that belong to the stack's services and never fall back to the app shell. */
const servicePrefixes = [
  '/auth/',
  '/rest/',
  '/storage/',
  '/realtime/',
  '/inbox',
  '/api/',
  '/functions/',
]

function isServicePath(pathname: string): boolean {
  return servicePrefixes.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p))
}

/** The build's `_headers`; a build without one (an older dist/) gets the same headers made here. */
function securityHeadersOf(root: string): Record<string, string> {
  const file = path.join(root, '_headers')
  if (existsSync(file)) return parseHeadersFile(readFileSync(file, 'utf8'))
  const index = path.join(root, 'index.html')
  return appSecurityHeaders({ html: existsSync(index) ? readFileSync(index, 'utf8') : '' })
}

export function mountApp(app: Hono, appDir: string): void {
  const root = path.resolve(appDir)
  const securityHeaders = securityHeadersOf(root)
  const secure: MiddlewareHandler = async (c, next) => {
    await next()
    if (isServicePath(c.req.path)) return
    for (const [name, value] of Object.entries(securityHeaders)) c.res.headers.set(name, value)
  }
  const files: MiddlewareHandler = serveStatic({
    root: path.relative(process.cwd(), root) || '.',
    onFound: (filePath, ctx) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      ctx.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  const staticFirst: MiddlewareHandler = async (c, next) => {
    if (!['GET', 'HEAD'].includes(c.req.method) || isServicePath(c.req.path)) return next()
    return files(c, next)
  }
  // Scripts, styles and the shell go out compressed, as any real host sends them; on a slow phone
  // link that is most of the first load (the home route's JavaScript is about a third of its size gzipped).
  const compressed = compress()
  // Not the cut-out runtime's 14 MB .wasm: gzipping it on every request held this one event loop (auth,
  // REST, Storage) for up to a second at a time (measured here). A host should serve it precompressed
  // (brotli 2.4 MB, gzip 3.7 MB); the service worker keeps it after the first fetch anyway.
  const compressApp: MiddlewareHandler = (c, next) =>
    isServicePath(c.req.path) || c.req.path.endsWith('.wasm') ? next() : compressed(c, next)
  app.use('*', secure)
  app.use('*', compressApp)
  app.use('*', staticFirst)
  // The service worker receives shared photos; if none is running yet, the share cannot be kept, and
  // the /share screen says that nothing arrived rather than the browser showing an error page.
  app.post(SHARE_TARGET_ACTION, (c) => c.redirect(SHARE_SCREEN, 303))
  app.get('*', async (c, next) => {
    if (isServicePath(c.req.path)) return next()
    // A missing file is a real 404 (a stale chunk must not get HTML back); /milo.reyes is a route.
    if (isAssetPath(c.req.path)) return c.text('Not found', 404)
    const html = await readFile(path.join(root, 'index.html'), 'utf8')
    return c.html(html, 200, { 'Cache-Control': 'no-cache' })
  })
}
