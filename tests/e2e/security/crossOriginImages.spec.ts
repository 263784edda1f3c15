// The app's pages are cross-origin isolated for the cut-out worker's threads (issue 26: COOP same-origin,
// COEP credentialless), and polaroids may still show an image from any https address (spec §2). Under
// `credentialless` a cross-origin image whose server sends neither CORP nor CORS headers loads, without
// cookies; `require-corp` would blank it. Proven against a second local origin (there is no internet
// here): an https server on 127.0.0.1 with a self-signed certificate made for this run, while the app is
// on localhost. The image request arrives without the cookie that origin set, which only credentialless
// explains (a plain cross-site <img> sends a SameSite=None cookie).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { createUser, signInContext } from '../support/users'
import { card, clientFor, newId, photo, seedWall } from '../support/walls'

const SHOTS = 'test-results/offline-wardrobe'

let server: Server
let origin = ''
const seen: Array<{ path: string; cookie: string | undefined }> = []

test.beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'moori-other-origin-'))
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' })
    const tls = { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }
    const jpeg = await photo(35, 600, 450)
    // A bare image host: no Cross-Origin-Resource-Policy, no Access-Control-Allow-Origin.
    server = createServer(tls, (request, response) => {
      seen.push({ path: request.url ?? '', cookie: request.headers.cookie })
      if (request.url === '/photos/shoe.jpg') response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg)
      else response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

test('a polaroid whose image is on another origin without CORP or CORS shows on the cross-origin isolated wall', async ({
  browser,
}) => {
  const user = await createUser()
  const wall = await seedWall(user, { name: 'Found online', polaroids: [{ name: 'From Storage' }] })
  const owner = await clientFor(user)
  const inserted = await owner.from('polaroids').insert({
    id: newId(),
    wall_id: wall.id,
    name: 'From elsewhere',
    message: 'An image on another site',
    image_path: null,
    external_url: `${origin}/photos/shoe.jpg`,
    created_by: user.id,
    x: 340,
    y: 40,
    z_index: 5,
    timestamp: Date.now(),
  })
  if (inserted.error) throw inserted.error

  // The certificate is this run's own; the other origin keeps a cookie a plain cross-site <img> would send.
  const context = await browser.newContext({ ignoreHTTPSErrors: true })
  await context.addCookies([{ name: 'tracker', value: 'other-origin', domain: '127.0.0.1', path: '/', secure: true, sameSite: 'None' }])
  await signInContext(context, user)
  const page = await context.newPage()
  const shell = page.waitForResponse((response) => response.url().includes(`/wall/${wall.id}`) && response.request().isNavigationRequest())
  // A first visit reads the account and the wall from the first pull: over openWall's 10 s when the
  // machine runs several suites at once.
  await page.goto(`/wall/${wall.id}`)
  await expect(page.locator('[data-canvas-item]')).toHaveCount(2, { timeout: 30_000 })
  const headers = (await shell).headers()
  expect(headers['cross-origin-opener-policy']).toBe('same-origin')
  expect(headers['cross-origin-embedder-policy']).toBe('credentialless')
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true)

  const external = card(page, 'From elsewhere').getByTestId('stored-image')
  await expect(external).toHaveAttribute('data-state', 'loaded')
  const size = await external.locator('img').evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, src: img.currentSrc }))
  expect(size).toEqual({ width: 600, src: `${origin}/photos/shoe.jpg` })
  // Storage's own photo (same origin) still loads too.
  await expect(card(page, 'From Storage').getByTestId('stored-image')).toHaveAttribute('data-state', 'loaded')
  await page.screenshot({ path: `${SHOTS}/desktop-external-image.png` })

  const requests = seen.filter((r) => r.path === '/photos/shoe.jpg')
  expect(requests.length).toBeGreaterThan(0)
  expect(requests.map((r) => r.cookie ?? null)).toEqual(requests.map(() => null))
  await context.close()
})
