// The user's own wardrobe is promised offline, whether or not a screen has shown it: after the first
// screen, online and at idle, each own item's photo and cut-out (and a garment's outfit photo, which a
// cut-out of it starts from) is fetched through the service worker, which keeps it in the user's image
// cache, two at a time, only those the cache lacks; new items as they arrive. Offline, `resolveImage`
// names an image with no stored link by its token-free address, which the worker maps to the same entry.
// Private images are only ever shown whole (no Storage render sizes), so the whole object is what the
// wardrobe grid, the import dialog and a sticker all ask for.
import { liveQuery } from 'dexie'
import { afterFirstScreen } from '@/lib/afterFirstScreen'
import { imageCacheFor } from '@/lib/cacheNames'
import { imageCacheKey } from '@/lib/imageCacheKey'
import { networkOnline, onNetworkChange } from '../connectivity'
import type { MooriDB } from '../db'
import { splitImagePath } from '../images/imagePath'
import { resolveImage } from '../images/imageSource'
import type { Replica } from '../replica'

/** Fetches in flight at once: the screen's own requests keep the rest of the connection. */
const AT_ONCE = 2

/** What a pass needs from the browser (the page's caches and service worker; fakes in tests). */
export interface OfflineKeeper {
  /** Whether the user's image cache holds the object this URL names (any link of it). */
  has(url: string): Promise<boolean>
  /** Fetches the URL through the service worker, which keeps it. */
  keep(url: string): Promise<void>
  /** Waits until the browser is idle (the screen's own work first). */
  idle(): Promise<void>
}

/** The images of one's own wardrobe the device should keep: photos, cut-outs, garments' outfit photos. */
export async function ownWardrobeImages(db: MooriDB, userId: string): Promise<string[]> {
  const items = await db.wardrobeItems.where('userId').equals(userId).toArray()
  // A garment found in an outfit photo: its picture is already a cut-out, and a new one (a hand fix) is
  // made from the outfit photo. Their jobs are read in one go (one at a time, a wardrobe of outfit
  // photos costs a transaction per item on every pass).
  const garments = items.filter((item) => item.jobId && !item.analysis)
  const jobs = await db.jobs.bulkGet(garments.map((item) => item.jobId!))
  const paths = new Set<string>()
  for (const item of items) {
    paths.add(item.imagePath)
    if (item.cutoutPath) paths.add(item.cutoutPath)
  }
  for (const job of jobs) if (job?.input.image_path) paths.add(job.input.image_path)
  return [...paths].filter((path) => splitImagePath(path) !== null)
}

/**
 * One pass: every own image the cache lacks is fetched (signed first where no link is stored), at most
 * `AT_ONCE` at a time, each after the browser went idle. Images that wait to upload are on the device
 * already. Returns how many were fetched; a failed one is only logged (the next pass tries again).
 */
export async function keepOwnWardrobe(replica: Replica, keeper: OfflineKeeper): Promise<number> {
  const { db, userId } = replica
  if (!userId) return 0
  const all = await ownWardrobeImages(db, userId)
  // Keys only, in one read: the rows hold the waiting photos' Blobs.
  const pending = new Set(all.length === 0 ? [] : await db.pendingUploads.where(':id').anyOf(all).primaryKeys())
  const queue = all.filter((path) => !pending.has(path))
  let fetched = 0
  const next = async (): Promise<void> => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const parts = splitImagePath(path)!
      if (await keeper.has(replica.images.objectUrl(parts.bucket, parts.path))) continue
      await keeper.idle()
      if (!networkOnline()) return
      try {
        const source = await resolveImage(db, replica.images, path, null)
        if (source?.kind !== 'url') continue
        await keeper.keep(source.url)
        fetched += 1
      } catch (error) {
        console.warn(`[wardrobe] Could not keep ${path} for offline use`, error)
      }
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, next))
  return fetched
}

/** The browser's side: the user's image cache, fetches the service worker answers, idle callbacks. */
function browserKeeper(userId: string): OfflineKeeper {
  return {
    async has(url) {
      const key = imageCacheKey(url)
      if (!key) return true
      return (await (await caches.open(imageCacheFor(userId))).match(key, { ignoreVary: true })) !== undefined
    },
    async keep(url) {
      const response = await fetch(url, { priority: 'low' })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      // Read to the end: the service worker keeps what it streamed.
      await response.blob()
    },
    idle: () =>
      new Promise<void>((resolve) =>
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(() => resolve(), { timeout: 2000 })
          : setTimeout(resolve, 50),
      ),
  }
}

/**
 * Keeps the signed-in user's wardrobe on the device from the first screen on: a pass after it, and
 * again whenever own items or pending uploads change, the network comes back or a service worker takes
 * control (without one nothing would be kept). Returns the stop function.
 */
export function keepWardrobeOffline(replica: Replica): () => void {
  const { userId } = replica
  if (
    !userId ||
    typeof caches === 'undefined' ||
    typeof navigator === 'undefined' ||
    !navigator.serviceWorker
  ) {
    return () => undefined
  }
  const keeper = browserKeeper(userId)
  let stopped = false
  let running = false
  let again = false
  const pass = async () => {
    if (running) {
      again = true
      return
    }
    running = true
    try {
      do {
        again = false
        if (stopped || !networkOnline() || !navigator.serviceWorker.controller) break
        await keepOwnWardrobe(replica, keeper)
      } while (again)
    } catch (error) {
      console.warn('[wardrobe] Keeping the wardrobe for offline use failed', error)
    } finally {
      running = false
    }
  }
  const schedule = () => void pass()
  const stops: Array<() => void> = []
  stops.push(
    afterFirstScreen(() => {
      if (stopped) return
      // Own items (new ones, a new cut-out) and finished uploads: the first answer runs the first pass.
      let seen: string | null = null
      const changes = liveQuery(async () => {
        const items = await replica.db.wardrobeItems.where('userId').equals(userId).toArray()
        return `${items.map((i) => `${i.imagePath} ${i.cutoutPath}`).join()} ${await replica.db.pendingUploads.count()}`
      }).subscribe({
        next: (now) => {
          if (now === seen) return
          seen = now
          schedule()
        },
        error: (error: unknown) => console.warn('[wardrobe] Offline keeping stopped', error),
      })
      stops.push(() => changes.unsubscribe())
      stops.push(onNetworkChange((online) => online && schedule()))
      navigator.serviceWorker.addEventListener('controllerchange', schedule)
      stops.push(() => navigator.serviceWorker.removeEventListener('controllerchange', schedule))
    }),
  )
  return () => {
    stopped = true
    for (const stop of stops) stop()
  }
}
