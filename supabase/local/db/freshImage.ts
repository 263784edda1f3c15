// A fresh, fully migrated database kept as a data-directory image. Making a database from nothing runs
// initdb (about 3 s on two cores); loading the image takes about a second. The test suites open some
// seventy in-memory stacks, so the image is made once per set of migrations and kept on disk under
// node_modules/.cache, named by a hash of everything that decides its contents.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { listMigrations, platformSqlPath } from './migrate'

const here = path.dirname(fileURLToPath(import.meta.url))
const cacheDir = path.resolve(here, '../../../node_modules/.cache/moori-pglite')

/** Images already read or made in this process, by key. */
const inProcess = new Map<string, Promise<Blob | null>>()

/** What decides the image's contents: the engine's version, its settings and every SQL file applied. */
export async function imageKey(settings: string[], migrationsDir?: string): Promise<string> {
  const hash = createHash('sha256')
  const pglitePackage = path.resolve(here, '../../../node_modules/@electric-sql/pglite/package.json')
  hash.update(await readFile(pglitePackage).catch(() => Buffer.from('unknown pglite')))
  hash.update(JSON.stringify(settings))
  hash.update(await readFile(platformSqlPath))
  for (const m of await listMigrations(migrationsDir)) {
    hash.update(m.file.slice(m.file.lastIndexOf('/')))
    hash.update(await readFile(m.file))
  }
  return hash.digest('hex').slice(0, 24)
}

/** The kept image for `key`, or null when none has been made yet. */
export function readImage(key: string): Promise<Blob | null> {
  let image = inProcess.get(key)
  if (!image) {
    image = readFile(path.join(cacheDir, `${key}.tar`)).then(
      (bytes) => new Blob([bytes]),
      () => null,
    )
    inProcess.set(key, image)
  }
  return image
}

/** Keeps `pg`'s data directory as the image for `key`. The file appears whole or not at all (written
 * aside, then renamed), so a test process starting alongside never reads half an image. */
export async function keepImage(key: string, pg: PGlite): Promise<void> {
  const image = await pg.dumpDataDir('none')
  inProcess.set(key, Promise.resolve(image))
  try {
    await mkdir(cacheDir, { recursive: true })
    const aside = path.join(cacheDir, `${key}.${process.pid}.tmp`)
    await writeFile(aside, Buffer.from(await image.arrayBuffer()))
    await rename(aside, path.join(cacheDir, `${key}.tar`))
  } catch {
    // A read-only checkout: this process keeps the image in memory, and the next one makes its own.
  }
}
