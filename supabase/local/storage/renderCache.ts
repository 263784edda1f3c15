// Transformed images kept on disk beside the objects (`<storageRoot>/.render-cache/<object>/<transform>`),
// named by hashes of the object (bucket, name and its eTag, so a replaced object is never answered from
// an old render) and of the transformation: the same request gets the same bytes, and only the first one
// pays for sharp. Renders of one image asked for at once are made once. At most RENDERS_PER_OBJECT sizes
// of one object are kept, so asking for every width there is cannot fill the disk; others are rendered
// each time.
import { createHash } from 'node:crypto'
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ObjectRow } from './objectRows'
import { renderImage, transformKey, type ImageTransform } from './imageTransform'

const CACHE_DIR_NAME = '.render-cache'
const RENDERS_PER_OBJECT = 16

export interface Rendered {
  bytes: Buffer
  mimetype: string
  /** Quoted, as an ETag header carries it. */
  eTag: string
}

const inFlight = new Map<string, Promise<Rendered>>()

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32)

/** Where a render is kept: the object's folder, and the file in it. */
function renderPlace(storageRoot: string, row: ObjectRow, t: ImageTransform): { dir: string; file: string; key: string } {
  const version = row.metadata?.eTag ?? new Date(row.updated_at).toISOString()
  const objectKey = hash(`${row.bucket_id}\u0000${row.name}\u0000${version}`)
  const key = hash(`${objectKey}\u0000${transformKey(t)}`)
  const dir = path.join(renderCacheDir(storageRoot), objectKey)
  return { dir, file: path.join(dir, key), key }
}

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

export async function cachedRender(
  storageRoot: string,
  row: ObjectRow,
  /** The stored bytes, read only when there is no render to reuse. */
  original: () => Promise<Uint8Array>,
  t: ImageTransform,
): Promise<Rendered> {
  const { dir, file, key } = renderPlace(storageRoot, row, t)
  const running = inFlight.get(file)
  if (running) return running
  const work = (async () => {
    const cached = await readCached(file)
    if (cached) return cached
    const made = await renderImage(await original(), row.metadata?.mimetype ?? 'application/octet-stream', t)
    await mkdir(dir, { recursive: true })
    const kept = (await readdir(dir)).filter((name) => !name.endsWith('.tmp'))
    if (kept.length < RENDERS_PER_OBJECT) {
      const aside = `${file}.${process.pid}.tmp`
      await writeFile(aside, Buffer.concat([Buffer.from(`${made.mimetype}\n`), made.bytes]))
      await rename(aside, file)
    }
    return { ...made, eTag: `"${key}"` }
  })()
  inFlight.set(file, work)
  try {
    return await work
  } finally {
    inFlight.delete(file)
  }
}
