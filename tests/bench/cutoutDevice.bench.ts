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
import { DEFAULT_REFINEMENT, refineMask } from '../../src/lib/cutout/refineMask'
import { prepareHints, refineWithHints } from '../../src/lib/cutout/strokeHints'
import { maskIoU, wardrobeComposites } from '../support/wardrobePhotos'
import { astronautPhoto, messiPhoto } from '../support/testPhotos'
import { round, summarize, type Bench, type BenchTable } from './types'
import { build } from 'esbuild'
import type { Browser } from 'playwright'
import { measureThreadCpu } from './threadCpu'
import { downscaleToFit, squeezeForModel } from '../../src/lib/cutout/squeeze'
import { trimmedRgba } from '../../src/lib/cutout/trim'
import { encodeSticker } from '../../supabase/api/vision/sticker'
import type { StepTimings } from '../../workers/cutout/stopwatch'

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
  return { ms: performance.now() - started, width: out.width, height: out.height, bytes: out.png.size, timings: out.timings }
}
window.maskOf = async (i, side) => {
  const m = await window.cutout.api.foregroundMask(await photo(i), side)
  let s = ''
  for (let k = 0; k < m.alpha.length; k += 0x8000) s += String.fromCharCode(...m.alpha.subarray(k, k + 0x8000))
  return { width: m.width, height: m.height, alpha: btoa(s) }
}
// The editor: a session on one photo (the model runs once), then one stroke's preview from the worker
// drawn on a canvas and painted (the next frame), as the editor shows it.
window.openEdit = async (i, previewLongSide) => {
  const info = await window.cutout.api.openSession(await photo(i), { maxSize: 800, previewLongSide })
  const canvas = document.createElement('canvas')
  canvas.width = info.preview.width
  canvas.height = info.preview.height
  document.body.append(canvas)
  window.edit = { id: info.id, context: canvas.getContext('2d') }
  return { width: info.width, height: info.height, preview: [info.preview.width, info.preview.height] }
}
const strokesOf = (list) => list.map((s) => ({ mode: s.mode, radius: s.radius, points: Float32Array.from(s.points) }))
window.timeStroke = async (strokes, revision) => {
  const started = performance.now()
  const answer = await window.cutout.api.preview(window.edit.id, strokesOf(strokes), revision)
  window.edit.context.putImageData(answer.preview, 0, 0)
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  return { ms: performance.now() - started, workerMs: answer.ms }
}
window.closeEdit = () => window.cutout.api.closeSession(window.edit.id)
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
      if (process.env.MOORI_BENCH_CUTOUT_PART === 'editor') {
        // Only the editor's stroke tables (a quicker run while working on the editor); 'timing' (below) only
        // the cut-out's time with threads and where it goes.
        const sample = photos.findIndex((p) => p.name.includes('@800x'))
        tables.push(await editorStroke(browser, stack.url, photos, sample, `/assets/${workerFile}`))
        tables.push(await strokeTiming(photos[sample]!))
        return tables
      }
      // Only the cut-out's time and its profile split, threads only (a quicker run while working on speed).
      const timingOnly = process.env.MOORI_BENCH_CUTOUT_PART === 'timing'
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
      // The server's runs are interleaved with the device's (one each per repetition), so the machine's
      // load, which changes by the minute on a shared machine, weighs on both sides alike.
      const serverMs: number[] = []
      const serverSteps: StepTimings[] = []
      const split = await serverSplit(photos[sample]!)
      const timeServer = async (keep: boolean) => {
        const started = performance.now()
        await engine.removeBackground(photos[sample]!.bytes, { maxSize: SIDE })
        const ms = performance.now() - started
        const steps = await split.once()
        if (keep) {
          serverMs.push(ms)
          serverSteps.push(steps)
        }
      }
      await timeServer(false)
      const deviceSteps = new Map<number, StepTimings[]>()
      const deviceRows: Array<(server: number) => BenchTable['rows'][number]> = []

      const ious: BenchTable['rows'] = []
      for (const threads of timingOnly ? [2] : [2, 1]) {
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
        const steps: StepTimings[] = []
        let first = 0
        for (let r = 0; r < REPS + 1; r++) {
          await timeServer(r > 0)
          const out = await page.evaluate(
            ([i, s]) =>
              (
                window as unknown as {
                  timeCutOut(i: number, s: number): Promise<{ ms: number; timings: StepTimings }>
                }
              ).timeCutOut(i, s),
            [sample, SIDE] as const,
          )
          if (r === 0) first = out.ms
          else {
            runs.push(out.ms)
            steps.push({ ...out.timings, 'call and transfer': out.ms - sum(out.timings) })
          }
        }
        deviceSteps.set(threads, steps)
        const median = summarize(runs).median
        deviceRows.push((server) => ({
          where: `device worker, ${info.threads === 1 ? 'one thread' : `${info.threads} threads`}${info.isolated ? ' (cross-origin isolated)' : ''}, warm`,
          threads: info.threads,
          'median ms': round(median, 0),
          'first/prepare ms': `${round(first, 0)} / ${round(info.prepareMs, 0)}`,
          'vs server': `${round(median / server, 2)}×`,
        }))
        if (threads === 2 && !timingOnly) {
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
      await split.release()
      const server = summarize(serverMs).median
      timing.push(
        {
          where: 'server (onnxruntime-node, 2 threads), warm',
          threads: 2,
          'median ms': round(server, 0),
          'first/prepare ms': '',
          'vs server': '1×',
        },
        ...deviceRows.map((row) => row(server)),
      )
      tables.push({
        title: `Cut-out of an 800 px photo (${photos[sample]!.name}), warm, median of ${REPS} (server: of ${serverMs.length}, run in turn with the device's)`,
        rows: timing,
        notes: [
          "device times include the call into the worker and the PNG; the server's its decode and PNG (sharp)",
          'goal: within 2× of the server with threads',
        ],
      })
      tables.push(profileSplit(serverSteps, deviceSteps, photos[sample]!.name))
      if (timingOnly) return tables
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
      tables.push(await editorStroke(browser, stack.url, photos, sample, workerUrl))
      tables.push(await strokeTiming(photos[sample]!))
    } finally {
      await browser.close()
      await stack.close()
      await engine.release()
    }
    return tables
  },
}

const STEPS = ['decode', 'resize', 'load', 'inference', 'refine', 'trim', 'encode', 'call and transfer'] as const

const sum = (timings: StepTimings) => Object.values(timings).reduce((a, b) => a + b, 0)

/**
 * The server's removeBackground step by step, as visionEngine runs it (sharp decode to at most 2048 px,
 * the shared resampling to the working size and the model's squeeze, u2netp on onnxruntime-node with 2
 * threads, the shared refinement and trim, sharp's PNG), each step timed, REPS warm runs.
 */
async function serverSplit(photo: Photo): Promise<{ once(): Promise<StepTimings>; release(): Promise<void> }> {
  const segmenter = await createSegmenter({ threads: 2 })
  const once = async () => {
    const t: StepTimings = {}
    let last = performance.now()
    const lap = (step: string) => {
      const now = performance.now()
      t[step] = (t[step] ?? 0) + now - last
      last = now
    }
    const { image: decoded } = await decodeImage(photo.bytes, { longSide: 2048 })
    lap('decode')
    const image = downscaleToFit(decoded, SIDE)
    const squeezing = performance.now()
    squeezeForModel(image)
    const squeezeMs = performance.now() - squeezing
    lap('resize')
    // segment() squeezes again (its own copy): that time is taken off its inference.
    const low = await segmenter.segment(image)
    lap('inference')
    t.inference! -= squeezeMs
    const alpha = refineMask(low, image)
    lap('refine')
    const pixels = trimmedRgba(image, alpha)
    lap('trim')
    if (pixels) await encodeSticker(pixels, image.width, image.height, SIDE)
    lap('encode')
    return t
  }
  return { once, release: () => segmenter.release() }
}

/** Where a cut-out's time goes, step by step: the server's against the device's (medians of the runs). */
function profileSplit(server: StepTimings[], device: Map<number, StepTimings[]>, name: string): BenchTable {
  const median = (runs: StepTimings[], step: string) => summarize(runs.map((t) => t[step] ?? 0)).median
  const two = device.get(2) ?? []
  const one = device.get(1) ?? []
  const named = new Set<string>(STEPS)
  const more = [...new Set([...server, ...two].flatMap((t) => Object.keys(t)))].filter((k) => !named.has(k))
  const rows: BenchTable['rows'] = [...STEPS, ...more, 'total'].map((step) => {
    const of = (runs: StepTimings[]) =>
      step === 'total' ? summarize(runs.map(sum)).median : median(runs, step)
    const s = of(server)
    const d = of(two)
    return {
      step,
      'server ms': round(s, 1),
      'device, threads ms': round(d, 1),
      'device − server ms': round(d - s, 1),
      // Not run (the timing part runs with threads only): left blank rather than NaN.
      'device, one thread ms': one.length > 0 ? round(of(one), 1) : '',
    }
  })
  return {
    title: `Where an 800 px cut-out's time goes (${name}), warm, median of ${REPS} per step`,
    rows,
    notes: [
      "server: visionEngine's removeBackground re-run step by step in this process (inference is segment() less its own squeeze, i.e. the tensor, the run and the output's normalisation)",
      'device: the worker\'s own step times; "call and transfer" is the page\'s time for the call less the worker\'s steps (Comlink, the Blob in, the PNG out)',
    ],
  }
}

/** One stroke → the refined mask at 800 px, against the refinement alone (what a preview would cost). */
async function strokeTiming(photo: Photo): Promise<BenchTable> {
  const segmenter = await createSegmenter({ threads: 2 })
  try {
    const { image } = await decodeImage(photo.bytes, { longSide: SIDE })
    const low = await segmenter.segment(image)
    const prepared = prepareHints(low, DEFAULT_REFINEMENT)
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
        {
          step: 'stroke hints + refinement (1 stroke), grid prepared once as the editor does',
          'median ms': time(() => refineWithHints(low, image, [stroke], DEFAULT_REFINEMENT, prepared)),
        },
      ],
      notes: [
        'in this process on V8 at the working size (what Save renders; a preview runs at the preview size); the model is not rerun per stroke',
      ],
    }
  } finally {
    await segmenter.release()
  }
}

/** A Remove stroke across the photo's middle and a Keep stroke below it, in the working image's pixels. */
function benchStrokes(width: number, height: number) {
  const line = (y: number) => [0.2, y, 0.4, y + 0.02, 0.6, y, 0.8, y + 0.02].map((f, i) => f * (i % 2 ? height : width))
  return [
    { mode: 'remove' as const, radius: 16, points: line(0.45) },
    { mode: 'keep' as const, radius: 16, points: line(0.7) },
  ]
}

/**
 * The editor's stroke → the updated cut-out shown: a session in the app's worker, the preview of one more
 * stroke each time (the model is not rerun), drawn on a canvas and painted. Chromium's CPU throttling does
 * not reach workers, so the 4× figure runs the same preview (stroke hints + refinement at the preview's
 * size, ImageData, paint) on the page's main thread, bundled from src/lib/cutout, at 1× and 4×.
 */
async function editorStroke(browser: Browser, appUrl: string, photos: Photo[], sample: number, workerUrl: string): Promise<BenchTable> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await openHarness(page, appUrl, photos)
  const bundle = await build({
    stdin: {
      contents: `import { prepareHints, refineWithHints } from './src/lib/cutout/strokeHints'; Object.assign(window, { prepareHints, refineWithHints })`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
  })
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text })
  // tsx compiles this file keeping function names (`__name(fn, 'name')`), also inside page.evaluate's code.
  await page.addScriptTag({ content: 'window.__name = (fn) => fn' })
  type BenchWindow = Record<string, (...args: never[]) => Promise<unknown>>
  const rows: BenchTable['rows'] = []
  try {
    await page.evaluate(([url]) => (window as unknown as BenchWindow).startCutout!(url as never, 2 as never), [workerUrl] as const)
    const size = (await page.evaluate(
      ([i]) => (window as unknown as BenchWindow).openEdit!(i as never, 800 as never),
      [sample] as const,
    )) as { width: number; height: number; preview: [number, number] }
    const strokes = benchStrokes(size.width, size.height)
    const shown: number[] = []
    const inWorker: number[] = []
    let revision = 0
    const cpu = await measureThreadCpu(browser, page, async () => {
      for (let r = 0; r < REPS * 2 + 1; r++) {
        const out = (await page.evaluate(
          ([list, rev]) => (window as unknown as BenchWindow).timeStroke!(list as never, rev as never),
          [strokes.slice(0, 1 + (r % 2)), ++revision] as const,
        )) as { ms: number; workerMs: number }
        if (r > 0) {
          shown.push(out.ms)
          inWorker.push(out.workerMs)
        }
      }
    })
    await page.evaluate(() => (window as unknown as BenchWindow).closeEdit!())
    await page.evaluate(() => (window as unknown as { stopCutout(): void }).stopCutout())
    rows.push({
      where: 'editor: worker preview, shown (1×)',
      'median ms': round(summarize(shown).median, 0),
      'of it in the worker': round(summarize(inWorker).median, 0),
      'worker CPU per stroke (trace)': round(cpu.workerCpuMs / shown.length, 0),
    })

    // The same preview on the main thread, where CDP's throttling applies.
    const segmenter = await createSegmenter({ threads: 2 })
    try {
      const { image } = await decodeImage(photos[sample]!.bytes, { longSide: SIDE })
      const low = await segmenter.segment(image)
      await page.evaluate(
        ([probability, guide, rgb, width, height]) => {
          const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
          const p = bytes(probability)
          const w = window as unknown as Record<string, unknown>
          w.low = { probability: new Float32Array(p.buffer), guide: bytes(guide), size: 320 }
          w.image = { data: bytes(rgb), width, height }
          // As the editor's session: the grid's stroke-independent work once, when it opens.
          w.prepared = (w.prepareHints as (l: unknown) => unknown)(w.low)
          const canvas = document.createElement('canvas')
          canvas.width = width
          canvas.height = height
          document.body.append(canvas)
          w.mainContext = canvas.getContext('2d')
          w.timeMainStroke = async (list: Array<{ mode: string; radius: number; points: number[] }>) => {
            const started = performance.now()
            const refine = w.refineWithHints as (l: unknown, i: unknown, s: unknown, o: unknown, p: unknown) => Uint8Array
            const strokes = list.map((s) => ({ ...s, points: Float32Array.from(s.points) }))
            const alpha = refine(w.low, w.image, strokes, undefined, w.prepared)
            const img = w.image as { data: Uint8Array; width: number; height: number }
            const rgba = new Uint8ClampedArray(img.width * img.height * 4)
            for (let k = 0; k < img.width * img.height; k++) {
              rgba[k * 4] = img.data[k * 3]!
              rgba[k * 4 + 1] = img.data[k * 3 + 1]!
              rgba[k * 4 + 2] = img.data[k * 3 + 2]!
              rgba[k * 4 + 3] = alpha[k]!
            }
            ;(w.mainContext as CanvasRenderingContext2D).putImageData(new ImageData(rgba, img.width, img.height), 0, 0)
            await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
            return performance.now() - started
          }
        },
        [
          Buffer.from(low.probability.buffer, low.probability.byteOffset, low.probability.byteLength).toString('base64'),
          Buffer.from(low.guide).toString('base64'),
          Buffer.from(image.data).toString('base64'),
          image.width,
          image.height,
        ] as const,
      )
    } finally {
      await segmenter.release()
    }
    const cdp = await context.newCDPSession(page)
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      const runs: number[] = []
      const cpu = await measureThreadCpu(browser, page, async () => {
        for (let r = 0; r < REPS * 2 + 1; r++) {
          const ms = (await page.evaluate(
            ([list]) => (window as unknown as BenchWindow).timeMainStroke!(list as never),
            [strokes.slice(0, 1 + (r % 2))] as const,
          )) as number
          if (r > 0) runs.push(ms)
        }
      })
      rows.push({
        where: `same preview on the main thread (${rate}× CPU throttling)`,
        'median ms': round(summarize(runs).median, 0),
        'of it in the worker': '',
        'worker CPU per stroke (trace)': `main thread CPU ${round(cpu.mainCpuMs / runs.length, 0)}`,
      })
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    return {
      title: `Editor: one brush stroke to the updated cut-out shown (${size.width}×${size.height}, preview ${size.preview.join('×')}), median of ${REPS * 2}`,
      rows,
      notes: [
        'goal ≤ 150 ms at full speed; the model is not rerun per stroke (it ran once when the session opened)',
        "Chromium's CPU throttling does not reach workers: the 4× row runs the same preview on the main thread; trace CPU (thread time) says how much of a wall time was the work and not the shared machine's contention",
      ],
    }
  } finally {
    await context.close()
  }
}
