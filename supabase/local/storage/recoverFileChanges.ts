// After a crash, at the next start: the scratch directory may hold copies kept by a transaction that
// never finished (a replaced file's old bytes, a removed file, a removed bucket's folder), each with a
// note naming where it came from. The database says which state committed: an object's row names its
// bytes (the eTag is their MD5) and a bucket's row says it still exists. A copy the database still
// wants is put back; everything else in the scratch directory goes.
import { createHash } from 'node:crypto'
import { lstat, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { KeptCopyNote } from './fileChanges'
import { scratchDir } from './objectFiles'

async function eTagOf(file: string): Promise<string | null> {
  try {
    return `"${createHash('md5').update(await readFile(file)).digest('hex')}"`
  } catch {
    return null
  }
}

async function readNote(file: string): Promise<KeptCopyNote | null> {
  try {
    const note = JSON.parse(await readFile(file, 'utf8')) as KeptCopyNote
    return typeof note.target === 'string' ? note : null
  } catch {
    return null // the crash came while the note was written: its change had not started
  }
}

/** Returns how many files or folders were put back. */
export async function recoverFileChanges(db: PGlite, storageRoot: string): Promise<number> {
  const root = path.resolve(storageRoot)
  const scratch = scratchDir(root)
  const names = await readdir(scratch).catch(() => [] as string[])
  let restored = 0
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const copy = path.join(scratch, name.slice(0, -'.json'.length))
    const note = await readNote(path.join(scratch, name))
    const relative = note ? path.relative(root, note.target) : ''
    if (!note || !relative || relative.startsWith('..') || path.isAbsolute(relative)) continue
    if (!(await lstat(copy).catch(() => null))) continue
    const [bucket, ...rest] = relative.split(path.sep)
    if (note.dir) {
      const { rows } = await db.query('select 1 from storage.buckets where id = $1', [bucket])
      if (rows.length > 0 && !(await lstat(note.target).catch(() => null))) {
        await rename(copy, note.target)
        restored += 1
      }
      continue
    }
    const { rows } = await db.query<{ etag: string | null }>(
      `select metadata ->> 'eTag' as etag from storage.objects where bucket_id = $1 and name = $2`,
      [bucket, rest.join('/')],
    )
    const wanted = rows[0]?.etag
    if (!wanted || (await eTagOf(note.target)) === wanted) continue
    if ((await eTagOf(copy)) === wanted) {
      await mkdir(path.dirname(note.target), { recursive: true })
      await rename(copy, note.target)
      restored += 1
    }
  }
  await rm(scratch, { recursive: true, force: true })
  await mkdir(scratch, { recursive: true })
  return restored
}
