// Cut-outs on the device (issue 26), in one run: the built app's own cut-out worker (onnxruntime-web, the
// same u2netp and refinement as the server) in Chromium, served by the local stack with the app's real
// headers (COOP/COEP, CSP), against the server's engine in this process on the same photos.
// - time of an 800 px cut-out, warm: the worker with threads (cross-origin isolated) and with one, and the
//   server (vision engine, 2 threads, as each pool worker runs it);
// - mask agreement: the device's refined mask against the server's on every test photo (IoU, goal ≥ 0.98);
// - one brush stroke to its refined mask (the stroke hints and the refinement, which the editor reruns
//   per stroke; the model is not rerun), in this process (V8, as the browser's worker);
// - bytes the device fetches for it, cold; and that home's first load fetches none of it, and that the
//   service worker's precache holds none of it.
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Page } from 'playwright'
import { buildApp } from '../../scripts/lib/buildApp'
import { startLocalStack } from '../../supabase/local/server'
import { testConfig } from '../../supabase/local/config'
import { createVisionEngine } from '../../supabase/api/vision/visionEngine'
import { isCutoutAsset } from '../../src/lib/assetPaths'
import { createSegmenter } from '../../supabase/api/vision/u2net'
import { decodeImage } from '../../supabase/api/vision/imageInput'
import { refineMask } from '../../src/lib/cutout/refineMask'
import { refineWithHints } from '../../src/lib/cutout/strokeHints'
import { maskIoU, wardrobeComposites } from '../support/wardrobePhotos'
import { astronautPhoto, messiPhoto } from '../support/testPhotos'
import { round, summarize, type Bench, type BenchTable } from './types'

const APP_DIR = 'dist-bench-cutout'
const SIDE = 800
const REPS = 5
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const chromeFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const ISOLATED = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
}

/** A bare page on the app's origin that starts the app's cut-out worker and talks to it through Comlink. */
const harness = `<!doctype html><meta charset="utf-8"><title>cut-out bench</title>
<script type="module">
import * as Comlink from '/bench-comlink.mjs'
window.startCutout = async (url, threads) => {
  const worker = new Worker(url, { type: 'module', name: 'moori-cutout threads=' + threads })
  const api = Comlink.wrap(worker)
  const started = performance.now()
  const info = await api.prepare()
  window.cutout = { api, worker }
  return { threads: info.threads, prepareMs: performance.now() - started, isolated: self.crossOriginIsolated }
}
window.stopCutout = () => window.cutout.worker.terminate()
const photo = async (i) => (await fetch('/bench-photo/' + i)).blob()
window.timeCutOut = async (i, maxSize) => {
  const blob = await photo(i)
  const started = performance.now()
  const out = await window.cutout.api.cutOut(blob, { maxSize })
  return { ms: performance.now() - started, width: out.width, height: out.height, bytes: out.png.size }
}
window.maskOf = async (i, side) => {
  const m = await window.cutout.api.foregroundMask(await photo(i), side)
  let s = ''
  for (let k = 0; k < m.alpha.length; k += 0x8000) s += String.fromCharCode(...m.alpha.subarray(k, k + 0x8000))
  return { width: m.width, height: m.height, alpha: btoa(s) }
}
window.ready = true
</script>`

interface Photo {
  name: string
  bytes: Uint8Array
}

async function testPhotos(): Promise<Photo[]> {
  const photos: Photo[] = (await wardrobeComposites()).map((p) => ({ name: p.name, bytes: p.jpeg }))
  for (const [name, photo] of [
    ['messi5', messiPhoto()],
    ['astronaut', astronautPhoto()],
  ] as const) {
    if (photo) photos.push({ name, bytes: photo.bytes })
  }
  return photos
}

async function openHarness(page: Page, appUrl: string, photos: Photo[]): Promise<void> {
  const comlink = await readFile('node_modules/comlink/dist/esm/comlink.mjs')
  await page.route('**/bench-cutout.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: harness, headers: ISOLATED }),
  )
  await page.route('**/bench-comlink.mjs', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: comlink, headers: ISOLATED }),
  )
  await page.route('**/bench-photo/*', (route) => {
    const index = Number(new URL(route.request().url()).pathname.split('/').pop())
    return route.fulfill({
      contentType: 'image/jpeg',
      body: Buffer.from(photos[index]!.bytes),
      headers: ISOLATED,
    })
  })
  await page.goto(`${appUrl}/bench-cutout.html`)
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true)
}

export const bench: Bench = {
  name: 'cutout-device',
  async run() {
    await buildApp({ quiet: true, outDir: APP_DIR })
    const assets = await readdir(path.join(APP_DIR, 'assets'))
    const workerFile = assets.find((f) => /^cutout\.worker-.*\.js$/.test(f))
    if (!workerFile) throw new Error('The build has no cut-out worker chunk')
    const precache = await readFile(path.join(APP_DIR, 'sw.js'), 'utf8')
    const precached = assets.filter((f) => isCutoutAsset(`/assets/${f}`) && precache.includes(f))
    const wasmFiles = assets.filter((f) => f.endsWith('.wasm'))

    const photos = await testPhotos()
    const engine = createVisionEngine({ threads: 2 })
    await engine.warmUp()
    const stack = await startLocalStack(testConfig({ appDir: APP_DIR, host: '127.0.0.1' }))
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags })
    const tables: BenchTable[] = []
    try {
      // Home's first load, in a fresh context: nothing of the cut-out.
      const home = await browser.newContext()
      const homeRequests: string[] = []
      home.on('request', (request) => homeRequests.push(new URL(request.url()).pathname))
      const homePage = await home.newPage()
      await homePage.goto(stack.url + '/')
      await homePage.waitForLoadState('networkidle')
      await homePage.waitForTimeout(3000)
      const homeIsolated = await homePage.evaluate(() => self.crossOriginIsolated)
      await home.close()
      const onHome = homeRequests.filter(isCutoutAsset)

      // Bytes, cold: what the worker fetches the first time.
      const context = await browser.newContext()
      const fetched = new Map<string, { body: number; wire: number }>()
      context.on('requestfinished', (request) => {
        const pathname = new URL(request.url()).pathname
        if (!isCutoutAsset(pathname)) return
        void request.sizes().then((sizes) => {
          fetched.set(pathname.replace(/^\/assets\//, ''), {
            body: sizes.responseBodySize,
            wire: sizes.responseBodySize + sizes.responseHeadersSize,
          })
        })
      })
      const page = await context.newPage()
      await openHarness(page, stack.url, photos)
      const workerUrl = `/assets/${workerFile}`

      const timing: BenchTable['rows'] = []
      const masks = new Map<number, Uint8Array>()
      const sample = photos.findIndex((p) => p.name.includes('@800x'))
      const serverMs: number[] = []
      for (let r = 0; r < REPS + 1; r++) {
        const started = performance.now()
        await engine.removeBackground(photos[sample]!.bytes, { maxSize: SIDE })
        if (r > 0) serverMs.push(performance.now() - started)
      }
      const server = summarize(serverMs).median
      timing.push({
        where: 'server (onnxruntime-node, 2 threads), warm',
        threads: 2,
        'median ms': round(server, 0),
        'first/prepare ms': '',
        'vs server': '1×',
      })

      const ious: BenchTable['rows'] = []
      for (const threads of [2, 1]) {
        const info = await page.evaluate(
          ([url, t]) =>
            (
              window as unknown as {
                startCutout(
                  u: string,
                  t: number,
                ): Promise<{ threads: number; prepareMs: number; isolated: boolean }>
              }
            ).startCutout(url, t),
          [workerUrl, threads] as const,
        )
        const runs: number[] = []
        let first = 0
        for (let r = 0; r < REPS + 1; r++) {
          const out = await page.evaluate(
            ([i, s]) =>
              (window as unknown as { timeCutOut(i: number, s: number): Promise<{ ms: number }> }).timeCutOut(
                i,
                s,
              ),
            [sample, SIDE] as const,
          )
          if (r === 0) first = out.ms
          else runs.push(out.ms)
        }
        const median = summarize(runs).median
        timing.push({
          where: `device worker, ${info.threads === 1 ? 'one thread' : `${info.threads} threads`}${info.isolated ? ' (cross-origin isolated)' : ''}, warm`,
          threads: info.threads,
          'median ms': round(median, 0),
          'first/prepare ms': `${round(first, 0)} / ${round(info.prepareMs, 0)}`,
          'vs server': `${round(median / server, 2)}×`,
        })
        if (threads === 2) {
          for (let i = 0; i < photos.length; i++) {
            const device = await page.evaluate(
              ([k, s]) =>
                (
                  window as unknown as {
                    maskOf(i: number, s: number): Promise<{ width: number; height: number; alpha: string }>
                  }
                ).maskOf(k, s),
              [i, SIDE] as const,
            )
            const serverMask = await engine.foregroundMask(photos[i]!.bytes, SIDE)
            const alpha = new Uint8Array(Buffer.from(device.alpha, 'base64'))
            const sameSize =
              device.width === serverMask.image.width && device.height === serverMask.image.height
            const iou = sameSize ? maskIoU(alpha, serverMask.alpha) : NaN
            masks.set(i, alpha)
            ious.push({
              photo: photos[i]!.name,
              size: `${device.width}×${device.height}`,
              'IoU vs server': sameSize
                ? round(iou, 4)
                : `size differs (server ${serverMask.image.width}×${serverMask.image.height})`,
            })
          }
        }
        await page.evaluate(() => (window as unknown as { stopCutout(): void }).stopCutout())
      }
      tables.push({
        title: `Cut-out of an 800 px photo (${photos[sample]!.name}), warm, median of ${REPS}`,
        rows: timing,
        notes: [
          "device times include the call into the worker and the PNG; the server's its decode and PNG (sharp)",
          'goal: within 2× of the server with threads',
        ],
      })
      const values = ious.map((r) => r['IoU vs server']).filter((v): v is number => typeof v === 'number')
      tables.push({
        title: 'Mask agreement: device against server, refined mask at 800 px (IoU, >127 is foreground)',
        rows: ious,
        notes: [
          `min ${round(Math.min(...values), 4)}, mean ${round(values.reduce((a, b) => a + b, 0) / values.length, 4)} over ${values.length} photos; goal ≥ 0.98 on every photo`,
        ],
      })
      await context.close()
      const total = [...fetched.values()].reduce((sum, f) => sum + f.body, 0)
      tables.push({
        title: 'What the device fetches for cut-outs (once; then the service worker keeps it)',
        rows: [...fetched.entries()].map(([file, size]) => ({ file, 'bytes on the wire (body)': size.body })),
        notes: [
          `total ${total.toLocaleString('en')} bytes on the wire (the local stack serves the .wasm uncompressed; precompressed it would be 3.7 MB gzip, 2.4 MB brotli)`,
          `home's first load (3 s after network idle): ${onHome.length === 0 ? 'none of these files' : onHome.join(', ')}; page cross-origin isolated: ${homeIsolated}`,
          `service worker precache: ${precached.length === 0 ? 'none of these files' : precached.join(', ')}; .wasm files in the build: ${wasmFiles.join(', ')}`,
        ],
      })
      tables.push(await strokeTiming(photos[sample]!))
    } finally {
      await browser.close()
      await stack.close()
      await engine.release()
    }
    return tables
  },
}

/** One stroke → the refined mask at 800 px, against the refinement alone (what a preview would cost). */
async function strokeTiming(photo: Photo): Promise<BenchTable> {
  const segmenter = await createSegmenter({ threads: 2 })
  try {
    const { image } = await decodeImage(photo.bytes, { longSide: SIDE })
    const low = await segmenter.segment(image)
    const stroke = {
      mode: 'keep' as const,
      radius: 20,
      points: [0.3, 0.4, 0.35, 0.5, 0.3, 0.6].map((f, i) => f * (i % 2 ? image.height : image.width)),
    }
    const time = (work: () => void) => {
      const runs: number[] = []
      for (let r = 0; r < REPS + 1; r++) {
        const started = performance.now()
        work()
        if (r > 0) runs.push(performance.now() - started)
      }
      return round(summarize(runs).median, 0)
    }
    return {
      title: `One brush stroke to the updated cut-out mask (${image.width}×${image.height}), median of ${REPS}`,
      rows: [
        { step: 'refinement alone (no strokes)', 'median ms': time(() => refineMask(low, image)) },
        {
          step: 'stroke hints + refinement (1 stroke)',
          'median ms': time(() => refineWithHints(low, image, [stroke])),
        },
      ],
      notes: [
        'in this process on V8, as the cut-out worker would run it; the model is not rerun per stroke. The editor (which would show it) is not built yet, so there is no worker round trip or 4× throttled figure',
      ],
    }
  } finally {
    await segmenter.release()
  }
}
