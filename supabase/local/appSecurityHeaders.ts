// The security headers of the app's pages, built in one place for the build (which writes them to
// dist/_headers, the file static hosts such as Netlify and Cloudflare Pages read) and for the local
// stack (which serves that file's headers with every app response). The Content-Security-Policy runs
// only the app's own scripts (no inline script), allows the inline boot-shell styles by hash, and lets
// the page connect only to its own origin and the configured Supabase and API origins. COOP and COEP make
// the page cross-origin isolated (threads for the cut-out worker).
import { createHash } from 'node:crypto'

export interface AppSecurityOptions {
  /** The built index.html: its inline <style> blocks are allowed by hash. */
  html: string
  /** VITE_SUPABASE_URL and VITE_API_URL when they point elsewhere; absent means the page's own origin. */
  supabaseUrl?: string
  apiUrl?: string
}

function originOf(url: string | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null
  } catch {
    return null
  }
}

/** The Realtime socket of a Supabase origin. */
function socketOriginOf(origin: string): string {
  return origin.replace(/^http/, 'ws')
}

function inlineStyleHashes(html: string): string[] {
  const hashes = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`,
  )
  return [...new Set(hashes)]
}

export function contentSecurityPolicy(options: AppSecurityOptions): string {
  const supabase = originOf(options.supabaseUrl)
  const api = originOf(options.apiUrl)
  const connect = ["'self'", ...(supabase ? [supabase, socketOriginOf(supabase)] : []), ...(api ? [api] : [])]
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // WebAssembly for the cut-out worker's onnxruntime (compiling wasm only; eval stays blocked).
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'", ...inlineStyleHashes(options.html)],
    // Polaroids may show an image from any https address (their external_url).
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(supabase ? [supabase] : [])],
    'font-src': ["'self'"],
    'connect-src': [...new Set(connect)],
    // The sync worker, the service worker, and the image shrinker's blob worker.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export function appSecurityHeaders(options: AppSecurityOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    // Same-origin requests keep the full URL (a private wall's link is in its path); others get the origin only.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    // Cross-origin isolation, so the cut-out worker's onnxruntime may run threads (SharedArrayBuffer).
    // `credentialless` rather than `require-corp`: polaroids' https: images and a hosted Storage send no
    // CORP header, and credentialless loads them (without cookies, which neither needs). A browser without
    // it (Safari) is simply not isolated and runs one thread.
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'credentialless',
  }
}

/** The `_headers` file: every path of the site gets the headers. */
export function formatHeadersFile(headers: Record<string, string>): string {
  return ['/*', ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ''].join('\n')
}

/** Reads the `/*` block of a `_headers` file back. */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {}
  let inAll = false
  for (const line of text.split(/\r?\n/)) {
    if (!/^\s/.test(line) && line.trim() !== '') inAll = line.trim() === '/*'
    else if (inAll && line.includes(':')) {
      const at = line.indexOf(':')
      headers[line.slice(0, at).trim()] = line.slice(at + 1).trim()
    }
  }
  return headers
}
