// The app's security headers: inline styles allowed by their exact hash only, no inline script or
// eval anywhere, connect-src limited to the page's own origin plus the configured Supabase (HTTP and
// its Realtime socket) and API origins, and the _headers file read back as written.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  appSecurityHeaders,
  contentSecurityPolicy,
  formatHeadersFile,
  parseHeadersFile,
} from './appSecurityHeaders'

const html = '<html><head><style>body{margin:0}</style></head><body><div id="root"></div></body></html>'
const hash = createHash('sha256').update('body{margin:0}').digest('base64')

function directive(csp: string, name: string): string[] {
  const found = csp.split('; ').find((d) => d.startsWith(`${name} `))
  return found ? found.split(' ').slice(1) : []
}

describe('the app security headers', () => {
  it('runs only its own scripts and allows its inline styles by hash', () => {
    const csp = contentSecurityPolicy({ html })
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"])
    expect(directive(csp, 'style-src')).toEqual(["'self'", `'sha256-${hash}'`])
    expect(csp).not.toContain('unsafe-inline')
    expect(csp.split(/[ ;]+/)).not.toContain("'unsafe-eval'")
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"])
    expect(directive(csp, 'object-src')).toEqual(["'none'"])
  })

  it('connects only to its own origin unless Supabase and the API are configured elsewhere', () => {
    expect(directive(contentSecurityPolicy({ html }), 'connect-src')).toEqual(["'self'"])
    const csp = contentSecurityPolicy({
      html,
      supabaseUrl: 'https://xyz.supabase.co/',
      apiUrl: 'https://api.moori.example/api',
    })
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://xyz.supabase.co',
      'wss://xyz.supabase.co',
      'https://api.moori.example',
    ])
    expect(
      directive(contentSecurityPolicy({ html, supabaseUrl: 'javascript:alert(1)' }), 'connect-src'),
    ).toEqual(["'self'"])
  })

  it('writes a _headers file that reads back to the same headers', () => {
    const headers = appSecurityHeaders({ html })
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    // Cross-origin isolated (the cut-out worker's threads) while cross-origin images still load.
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin')
    expect(headers['Cross-Origin-Embedder-Policy']).toBe('credentialless')
    const file = formatHeadersFile(headers)
    expect(file.startsWith('/*\n')).toBe(true)
    expect(parseHeadersFile(`/other\n  X-Other: 1\n${file}`)).toEqual(headers)
  })
})
