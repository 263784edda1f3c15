// Opens the local Postgres (PGlite: real Postgres compiled to WebAssembly) in memory or under a data
// directory, and brings its schema up to date. Prepared transactions are enabled so tests can hold a
// transaction open across others, the way concurrent sessions do on a real server.
import { PGlite } from '@electric-sql/pglite'
import { imageKey, keepImage, readImage } from './freshImage'
import { migrate } from './migrate'

export interface OpenDatabaseOptions {
  /** A directory to persist to; omit for an in-memory database. */
  dataDir?: string
  migrationsDir?: string
}

const settings = ['max_prepared_transactions = 8']

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<PGlite> {
  if (options.dataDir) {
    const pg = new PGlite({ dataDir: options.dataDir, postgresqlconf: settings })
    await pg.waitReady
    await migrate(pg, options.migrationsDir)
    return pg
  }
  // In memory: start from the kept image of a fresh, migrated database when there is one.
  const key = await imageKey(settings, options.migrationsDir)
  const image = await readImage(key)
  const pg = new PGlite({ postgresqlconf: settings, ...(image ? { loadDataDir: image } : {}) })
  await pg.waitReady
  await migrate(pg, options.migrationsDir)
  if (!image) await keepImage(key, pg)
  return pg
}
