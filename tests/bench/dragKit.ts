// Pieces of the drag bench: a stack serving a fresh build of the app, walls of N polaroids seeded
// through supabase-js as a real signed-in user, a static server for the bare-DOM baseline page, and
// the in-page recorders (rAF deltas, pointer-move-to-frame latency) plus CDP main-thread metrics.
import { createServer, type Server } from 'node:http'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContextOptions, CDPSession, Page } from 'playwright'
import sharp from 'sharp'
import { makeClient } from '../support/stack'

const here = path.dirname(fileURLToPath(import.meta.url))

export const newId = () => randomBytes(16).toString('base64url')

export async function cardImages(count: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp({ create: { width: 400, height: 400, channels: 3, background: { r: (i * 53) % 255, g: (i * 97) % 255, b: (i * 151) % 255 } } })
        .jpeg({ quality: 70 })
        .toBuffer(),
    ),
  )
}

export interface BenchUser {
  id: string
  session: unknown
  client: ReturnType<typeof makeClient>
}

/** A confirmed user with a profile and a real session (refresh token and all), like one who signed in. */
export async function benchUser(url: string, anonKey: string, serviceKey: string): Promise<BenchUser> {
  const admin = makeClient(url, serviceKey)
  const tag = randomBytes(3).toString('hex')
  const email = `bench-${tag}@example.test`
  const password = `bench-${tag}-password`
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true })
  if (error) throw error
  const client = makeClient(url, anonKey)
  const signedIn = await client.auth.signInWithPassword({ email, password })
  if (signedIn.error) throw signedIn.error
  const profile = await client.from('profiles').insert({ id: data.user.id, username: `bench_${tag}` })
  if (profile.error) throw profile.error
  return { id: data.user.id, session: signedIn.data.session, client }
}

/** A wall of `count` polaroids on a grid (40 columns), reusing a few stored images. */
export async function seedWall(user: BenchUser, count: number, images: Buffer[]): Promise<string> {
  const paths: string[] = []
  for (const [i, image] of images.entries()) {
    const objectPath = `${user.id}/bench/${i}.jpg`
    const { error } = await user.client.storage.from('polaroid-images').upload(objectPath, image, { contentType: 'image/jpeg', upsert: true })
    if (error) throw error
    paths.push(`polaroid-images/${objectPath}`)
  }
  const wallId = newId()
  const wall = await user.client.from('walls').insert({ id: wallId, name: `Bench ${count}`, owner_id: user.id })
  if (wall.error) throw wall.error
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    wall_id: wallId,
    name: `Card ${i}`,
    message: 'A bench card',
    image_path: paths[i % paths.length],
    created_by: user.id,
    x: (i % 40) * 260,
    y: Math.floor(i / 40) * 320,
    z_index: i + 1,
    timestamp: 1_700_000_000_000 + i,
  }))
  for (let i = 0; i < rows.length; i += 500) {
    const { error } = await user.client.from('polaroids').insert(rows.slice(i, i + 500))
    if (error) throw error
  }
  return wallId
}

/** Serves tests/bench/pages and the card images for the bare-DOM baseline. */
export async function servePages(images: Buffer[]): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost')
      const image = /^\/img\/(\d+)\.jpg$/.exec(url.pathname)
      if (image) {
        response.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'max-age=3600' })
        response.end(images[Number(image[1]) % images.length])
        return
      }
      const file = path.join(here, 'pages', path.basename(url.pathname))
      try {
        const body = await readFile(file)
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.end(body)
      } catch {
        response.writeHead(404).end()
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The main thread since `since` (the page's performance.now()), from RECORDERS' long tasks: how many,
 * the longest, and the blocked time (each task's part over 50 ms, as Lighthouse counts it). */
export async function longTasksSince(page: Page, since: number): Promise<{ count: number; longest: number; blocked: number }> {
  const durations = await page.evaluate((from) => {
    const bench = (window as unknown as { __bench: { longTasks: Array<{ start: number; duration: number }> } }).__bench
    return bench.longTasks.filter((task) => task.start >= from).map((task) => task.duration)
  }, since)
  return {
    count: durations.length,
    longest: Math.max(0, ...durations),
    blocked: durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
  }
}

/**
 * Installed before any page script (as source text, so nothing of the Node build leaks in): records
 * rAF deltas and pointer-move → next-frame latency while `__bench.recording` is on, and every long task
 * (50 ms or more, the browser's own definition) with its start time.
 */
export const RECORDERS = `(() => {
  const bench = { frames: [], latencies: [], longTasks: [] }
  window.__bench = bench
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {}
  // The frame loop runs only while recording: a page asking for every frame makes the compositor draw
  // every frame, which is not what the app does and costs the page's other measures a core's share.
  let last = 0
  let recording = false
  let looping = false
  const loop = (t) => {
    if (!recording) {
      looping = false
      last = 0
      return
    }
    if (last) bench.frames.push(t - last)
    last = t
    requestAnimationFrame(loop)
  }
  Object.defineProperty(bench, 'recording', {
    get: () => recording,
    set: (on) => {
      recording = on
      if (on && !looping) {
        looping = true
        requestAnimationFrame(loop)
      }
    },
  })
  window.addEventListener('pointermove', (event) => {
    if (!bench.recording) return
    const stamp = event.timeStamp
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => bench.latencies.push(performance.now() - stamp)
      channel.port2.postMessage(0)
    })
  }, { capture: true, passive: true })
})()`

export interface DragFigures {
  msPerMove: number
  p95LatencyMs: number
  longFrames: number
  dragMs: number
  /** Main-thread ms from the drop until the new position is shown from the saved data. */
  dropMs: number
  /** Long tasks (50 ms or more) between the drop and the saved position being shown: how many, the longest. */
  dropLongTasks: number
  dropLongestTaskMs: number
}

const MOVES = 60

export async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics')
  return Object.fromEntries(list.map((m) => [m.name, m.value]))
}

/**
 * Drags the element under `from` by (400, 250) px in 60 pointer moves under CPU throttling. `saved`
 * resolves once the page shows the dropped position from its data (the wall saves it to its replica).
 */
export async function measureDrag(
  page: Page,
  cdp: CDPSession,
  from: { x: number; y: number },
  saved: () => Promise<unknown> = () => Promise.resolve(),
): Promise<DragFigures> {
  await page.evaluate(() => {
    const bench = (window as unknown as { __bench: { recording: boolean; frames: number[]; latencies: number[] } }).__bench
    bench.frames.length = 0
    bench.latencies.length = 0
    bench.recording = true
  })
  const before = await metrics(cdp)
  const started = performance.now()
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + 400, from.y + 250, { steps: MOVES })
  const dragMs = performance.now() - started
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  const dropAt = await page.evaluate(() => performance.now())
  const after = await metrics(cdp)
  await page.mouse.up()
  await saved()
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  const dropped = await metrics(cdp)
  const recorded = await page.evaluate((since) => {
    type Bench = { recording: boolean; frames: number[]; latencies: number[]; longTasks: Array<{ start: number; duration: number }> }
    const bench = (window as unknown as { __bench: Bench }).__bench
    bench.recording = false
    const afterDrop = bench.longTasks.filter((task) => task.start >= since).map((task) => task.duration)
    return { frames: [...bench.frames], latencies: [...bench.latencies], afterDrop }
  }, dropAt)
  const mainThread = (from: Record<string, number>, to: Record<string, number>) =>
    ['ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'].reduce((sum, name) => sum + (to[name] ?? 0) - (from[name] ?? 0), 0)
  const sorted = [...recorded.latencies].sort((a, b) => a - b)
  return {
    msPerMove: (mainThread(before, after) * 1000) / MOVES,
    dropMs: mainThread(after, dropped) * 1000,
    p95LatencyMs: sorted[Math.min(sorted.length - 1, Math.floor(0.95 * (sorted.length - 1) + 0.5))] ?? NaN,
    longFrames: recorded.frames.filter((d) => d > 33.4).length,
    dragMs,
    dropLongTasks: recorded.afterDrop.length,
    dropLongestTaskMs: Math.max(0, ...recorded.afterDrop),
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** A 1280×800 context signed in as the bench user (the session auth-js keeps), with the recorders. */
export async function signedInContext(browser: Browser, session: unknown, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true, ...options })
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value)
    },
    ['sb-127-auth-token', JSON.stringify(session)] as const,
  )
  await context.addInitScript({ content: RECORDERS })
  return context
}
