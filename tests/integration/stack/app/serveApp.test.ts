// The stack serves the built app from its own origin: client routes (dotted usernames too) get the
// shell, a missing asset is a real 404 (a stale chunk must never get HTML back), hashed assets are
// immutable and the shell is revalidated, text goes out gzip-compressed, service paths are left to
// their services, and a share POSTed with no service worker to receive it is sent on to /share.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'

describe('serving the app', () => {
  let stack: TestStack
  let appDir: string
  const script = `export const words = ${JSON.stringify('moori '.repeat(2000))}\n`

  beforeAll(async () => {
    appDir = await mkdtemp(path.join(os.tmpdir(), 'moori-app-'))
    await mkdir(path.join(appDir, 'assets'))
    await writeFile(
      path.join(appDir, 'index.html'),
      '<!doctype html><title>Moori</title><div id="root"></div>',
    )
    await writeFile(path.join(appDir, 'assets', 'index-abc123.js'), script)
    stack = await startTestStack({ appDir })
  })

  afterAll(async () => {
    await stack.close()
    await rm(appDir, { recursive: true, force: true })
  })

  const get = (pathname: string, init?: RequestInit) =>
    fetch(stack.url + pathname, { redirect: 'manual', ...init })

  it.each(['/', '/wall/abc', '/milo.reyes', '/share'])(
    'answers the route %s with the shell, revalidated',
    async (route) => {
      const response = await get(route)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toContain('<div id="root">')
    },
  )

  it('sends the security headers with the shell and the assets, not with service answers', async () => {
    for (const pathname of ['/', '/wall/abc', '/assets/index-abc123.js']) {
      const response = await get(pathname)
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      // Scripts from the app's own origin only; WebAssembly may compile (the device's cut-outs), eval may not.
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval';")
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      // Cross-origin isolated, so the cut-out worker may use threads; credentialless keeps outside images.
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(response.headers.get('cross-origin-embedder-policy')).toBe('credentialless')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    }
    const service = await get('/auth/v1/health', { headers: { apikey: stack.anonKey } })
    expect(service.headers.get('content-security-policy')).toBeNull()
  })

  it('sends a missing asset a 404, not the shell', async () => {
    const response = await get('/assets/index-gone99.js')
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('<div id="root">')
  })

  it('sends hashed assets immutable and gzip-compressed to clients that accept it', async () => {
    const response = await get('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toContain('immutable')
    expect(response.headers.get('content-encoding')).toBe('gzip')
    // fetch decodes transparently; read the bytes as sent with a raw request instead.
    const raw = await rawGet(stack.url, '/assets/index-abc123.js')
    expect(raw.length).toBeLessThan(script.length / 10)
    expect(gunzipSync(raw).toString()).toBe(script)
  })

  it('leaves service paths to their services', async () => {
    const response = await get('/rest/v1/not_a_table', {
      headers: { apikey: stack.anonKey, 'accept-encoding': 'gzip' },
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.text()).not.toContain('<div id="root">')
  })

  it('sends a share with no service worker to receive it on to /share', async () => {
    const form = new FormData()
    form.append('photos', new File([new Uint8Array([1, 2, 3])], 'a.jpg', { type: 'image/jpeg' }))
    const response = await get('/share-target', { method: 'POST', body: form })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/share')
  })
})

/** The response body exactly as the server sent it (fetch would decode gzip). */
async function rawGet(base: string, pathname: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(base + pathname, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve(Buffer.concat(chunks)))
      })
      .on('error', reject)
  })
}
