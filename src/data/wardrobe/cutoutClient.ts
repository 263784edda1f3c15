// The main thread's handle on the cut-out worker, the one module that references workers/cutout (like
// syncClient.ts and presenceClient.ts for theirs). The worker, onnxruntime-web and the model (about 19 MB,
// 8 MB on the wire) are fetched only when the wardrobe is used, after the first screen, never on home's
// first load; the service worker keeps them for offline use. They are compiled and loaded only for the
// first cut-out. The worker is let go after a minute unused, which gives its ~100 MB back. A worker whose
// script cannot load rejects with a `DeviceCutoutUnavailable` (logged), a cut-out whose runtime cannot be
// fetched (offline before it ever was) rejects too; the next call tries again.
import type * as ComlinkModule from 'comlink'
import { afterFirstScreen } from '@/lib/afterFirstScreen'
import type { BoxPercent } from '@/lib/cutout/trim'
import type {
  CutoutWorkerApi,
  DeviceCutOut,
  EditPreview,
  EditSessionOptions,
  GarmentSource,
  Stroke,
} from '../../../workers/cutout/cutoutApi'

export type { DeviceCutOut, GarmentSource, Stroke }

/** The device cannot cut out now: its runtime or model is not on this device and cannot be fetched. */
class DeviceCutoutUnavailable extends Error {}

const IDLE_MS = 60_000
/** How long after a screen asks the runtime is fetched ahead. */
const WARM_DELAY_MS = 5000
/** onnxruntime's threads where the page is cross-origin isolated (the worker falls back to 1 elsewhere). */
const THREADS = 2

interface Spawned {
  api: ComlinkModule.Remote<CutoutWorkerApi>
  worker: Worker
  release: () => void
}

let shared: Promise<Spawned> | null = null
/** The runtime was fetched ahead in this page already. */
let warmed = false
let busy = 0
let idleTimer: ReturnType<typeof setTimeout> | undefined

async function spawn(): Promise<Spawned> {
  await new Promise<void>((resolve) => afterFirstScreen(resolve))
  const Comlink = await import('comlink')
  const worker = new Worker(new URL('../../../workers/cutout/cutout.worker.ts', import.meta.url), {
    type: 'module',
    name: `moori-cutout threads=${THREADS}`,
  })
  const api = Comlink.wrap<CutoutWorkerApi>(worker)
  const release = () => {
    api[Comlink.releaseProxy]()
    worker.terminate()
  }
  // A script that cannot load only fires `error` on the Worker; a comlink call would wait forever.
  const notLoaded = new Promise<never>((_, reject) =>
    worker.addEventListener(
      'error',
      (event) => reject(new Error(event.message || 'The cut-out worker could not be loaded')),
      { once: true },
    ),
  )
  try {
    await Promise.race([api.ready(), notLoaded])
  } catch (error) {
    release()
    throw new DeviceCutoutUnavailable(error instanceof Error ? error.message : String(error))
  }
  return { api, worker, release }
}

function started(): Promise<Spawned> {
  if (!shared) {
    const spawning = spawn()
    shared = spawning
    spawning.catch((error: unknown) => {
      console.warn('[cutout] The cut-out worker did not start', error)
      if (shared === spawning) shared = null
    })
  }
  return shared
}

/** Lets the worker go once nothing has used it for a while. */
function scheduleRelease(): void {
  clearTimeout(idleTimer)
  idleTimer = setTimeout(() => {
    const current = shared
    if (busy > 0 || !current) return
    shared = null
    void current.then(
      ({ release }) => release(),
      () => undefined,
    )
  }, IDLE_MS)
}

async function using<T>(work: (api: ComlinkModule.Remote<CutoutWorkerApi>) => Promise<T>): Promise<T> {
  busy += 1
  clearTimeout(idleTimer)
  try {
    return await work((await started()).api)
  } finally {
    busy -= 1
    if (busy === 0) scheduleRelease()
  }
}

/**
 * Fetches the runtime and the model ahead (at idle, after the first screen), only fetched, not compiled
 * (that costs seconds of CPU and ~100 MB, and waits for the first cut-out), so the service worker keeps
 * them and a cut-out offline works: called where the wardrobe is used, online. Failures are only logged.
 */
export function warmCutout(): void {
  if (warmed) return
  warmed = true
  // Later than the screen's own pictures: 19 MB through the service worker held their requests back.
  setTimeout(() => {
    void using((api) => api.fetchRuntime()).catch((error: unknown) => {
      warmed = false
      console.warn('[cutout] Could not fetch the cut-out runtime ahead', error)
    })
  }, WARM_DELAY_MS)
}

/** The item's photo cut out on this device, exactly as the server would (same model, same refinement). */
export function cutOutOnDevice(photo: Blob, maxSize: number): Promise<DeviceCutOut> {
  return using((api) => api.cutOut(photo, { maxSize }))
}

/** An open cut-out editor's handle on the worker: the model ran once, strokes only re-run the refinement. */
export interface CutoutEditSession {
  /** The working image's size: strokes are in its pixels. */
  width: number
  height: number
  /** The part of the outfit photo the working image is, for a garment fixed on it (null: the item's own photo). */
  crop: BoxPercent | null
  /** The cut-out it starts from at the preview's size. */
  preview: ImageData
  previewWith(strokes: Stroke[], revision: number): Promise<EditPreview>
  /** The sticker with these strokes: trimmed, a PNG at most `maxSize` on its longer side. */
  render(strokes: Stroke[]): Promise<DeviceCutOut>
  /** Frees the session (its photo and model output) in the worker; the worker may then be let go. */
  close(): void
}

/**
 * Opens a cut-out editor on a photo in the worker (loading the runtime and the model first when needed):
 * rejects when the device cannot (its runtime never reached it). The worker stays while it is open.
 */
export async function openCutoutSession(photo: Blob, options: EditSessionOptions): Promise<CutoutEditSession> {
  busy += 1
  clearTimeout(idleTimer)
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    busy -= 1
    if (busy === 0) scheduleRelease()
  }
  try {
    const { api } = await started()
    const info = await api.openSession(photo, options)
    return {
      width: info.width,
      height: info.height,
      crop: options.garment?.crop ?? null,
      preview: info.preview,
      previewWith: (strokes, revision) => api.preview(info.id, strokes, revision),
      render: (strokes) => api.render(info.id, strokes),
      close() {
        if (closed) return
        void api.closeSession(info.id).catch((error: unknown) => console.warn('[cutout] Could not close an editor session', error))
        close()
      },
    }
  } catch (error) {
    close()
    throw error
  }
}
