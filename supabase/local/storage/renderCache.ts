// Transformed images kept on disk beside the objects, `<storageRoot>/.render-cache/<hash of the bucket>/
// <hash of the object's name>/<hash of its version and the transformation>`: the same request gets the same
// bytes, and only the first one pays for sharp; a replaced object is never answered from an old render
// (its eTag is in the name). Renders of one image asked for at once are made once. What may be made is
// bounded: a render waits its turn in a small queue (renderQueue.ts), is refused for too many pixels
// and stopped after a time (imageTransform.ts), and all renders together stay within a disk budget,
// the least recently used going first (renderCacheIndex.ts). An object's renders go with it: deleting,
// replacing or moving it, or deleting its bucket, deletes them (`forgetObject`, `forgetBucket`).
import { createHash } from 'node:crypto'
import { mkdir, readFile, readdir, rename, rm, rmdir, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { MAX_IMAGE_PIXELS } from '../../../src/lib/wardrobe/storage'
import type { ObjectRow } from './objectRows'
import { renderImage, transformKey, type ImageTransform } from './imageTransform'
import { RenderCacheIndex } from './renderCacheIndex'
import { RenderQueue, type RenderQueueLimits } from './renderQueue'

const CACHE_DIR_NAME = '.render-cache'

export interface RenderLimits extends RenderQueueLimits {
  /** Most bytes all kept renders may take on disk together. */
  cacheBytes: number
  /** Longest one render may take, in whole seconds. */
  timeoutSeconds: number
}

export interface Rendered {
  bytes: Buffer
  mimetype: string
  /** Quoted, as an ETag header carries it. */
  eTag: string
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32)

export function renderCacheDir(storageRoot: string): string {
  return path.join(path.resolve(storageRoot), CACHE_DIR_NAME)
}

async function readCached(file: string): Promise<Rendered | null> {
  try {
    const stored = await readFile(file)
    // Stored as: mimetype, a newline, then the bytes.
    const cut = stored.indexOf(10)
    return { mimetype: stored.subarray(0, cut).toString(), bytes: stored.subarray(cut + 1), eTag: `"${path.basename(file)}"` }
  } catch {
    return null
  }
}

export class ImageRenders {
  private readonly root: string
  private readonly index: RenderCacheIndex
  private readonly queue: RenderQueue
  private readonly inFlight = new Map<string, Promise<Rendered>>()
  /** Renders under way whose object was deleted or replaced meanwhile: made, answered, never kept. */
  private readonly forgotten = new Set<string>()

  constructor(
    storageRoot: string,
    private readonly limits: RenderLimits,
  ) {
    this.root = renderCacheDir(storageRoot)
    this.index = new RenderCacheIndex(limits.cacheBytes)
    this.queue = new RenderQueue(limits)
  }

  /** Counts the renders a previous run kept (oldest use first, by mtime) and trims them to the budget. */
  async load(): Promise<void> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => [])
    const kept: Array<{ file: string; size: number; used: number }> = []
    for (const entry of entries) {
      if (!entry.isFile()) continue
      const file = path.join(entry.parentPath, entry.name)
      if (file.endsWith('.tmp')) {
        await rm(file, { force: true })
        continue
      }
      const info = await stat(file).catch(() => null)
      if (info) kept.push({ file, size: info.size, used: info.mtimeMs })
    }
    kept.sort((a, b) => a.used - b.used)
    for (const { file, size } of kept) await this.drop(this.index.add(file, size))
  }

  /** Bytes the kept renders take on disk. */
  get cachedBytes(): number {
    return this.index.bytes
  }

  /**
   * The render of `row` as `t` asks, from the cache or made now. `caller` names who asked (a user, or an
   * address), for their share of the queue; `original` reads the stored bytes, only on a cache miss.
   */
  render(row: ObjectRow, original: () => Promise<Uint8Array>, t: ImageTransform, caller: string): Promise<Rendered> {
    const version = row.metadata?.eTag ?? new Date(row.updated_at).toISOString()
    const key = hash(`${version}\u0000${transformKey(t)}`)
    const file = path.join(this.objectDir(row.bucket_id, row.name), key)
    const running = this.inFlight.get(file)
    if (running) return running
    const work = (async () => {
      const cached = await readCached(file)
      if (cached) {
        this.index.touch(file)
        void utimes(file, new Date(), new Date()).catch(() => undefined)
        return cached
      }
      const made = await this.queue.run(caller, async () =>
        renderImage(await original(), row.metadata?.mimetype ?? 'application/octet-stream', t, {
          maxPixels: MAX_IMAGE_PIXELS,
          timeoutSeconds: this.limits.timeoutSeconds,
        }),
      )
      if (!this.forgotten.has(file)) await this.keep(file, made)
      return { ...made, eTag: `"${key}"` }
    })()
    this.inFlight.set(file, work)
    return work.finally(() => {
      this.inFlight.delete(file)
      this.forgotten.delete(file)
    })
  }

  /** Deletes every render of the object `bucket`/`name` (it was deleted, replaced or moved). */
  async forgetObject(bucket: string, name: string): Promise<void> {
    await this.forgetDir(this.objectDir(bucket, name))
  }

  /** Deletes every render of a bucket's objects (the bucket was deleted). */
  async forgetBucket(bucket: string): Promise<void> {
    await this.forgetDir(this.bucketDir(bucket))
  }

  private bucketDir(bucket: string): string {
    // Bucket ids are checked names (objectKey.ts); hashing keeps the cache's shape whatever they hold.
    return path.join(this.root, hash(bucket))
  }

  private objectDir(bucket: string, name: string): string {
    return path.join(this.bucketDir(bucket), hash(name))
  }

  private async forgetDir(dir: string): Promise<void> {
    const prefix = dir + path.sep
    for (const file of this.inFlight.keys()) if (file.startsWith(prefix)) this.forgotten.add(file)
    this.index.removeUnder(dir, path.sep)
    await rm(dir, { recursive: true, force: true })
  }

  private async keep(file: string, made: { bytes: Buffer; mimetype: string }): Promise<void> {
    const stored = Buffer.concat([Buffer.from(`${made.mimetype}\n`), made.bytes])
    if (!this.index.fits(stored.byteLength)) return
    await mkdir(path.dirname(file), { recursive: true })
    const aside = `${file}.${process.pid}.tmp`
    await writeFile(aside, stored)
    await rename(aside, file)
    await this.drop(this.index.add(file, stored.byteLength))
  }

  /** Deletes evicted renders, and the object folders they leave empty. */
  private async drop(files: string[]): Promise<void> {
    for (const file of files) {
      await rm(file, { force: true })
      await rmdir(path.dirname(file)).catch(() => undefined)
    }
  }
}
