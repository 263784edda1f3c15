// Opens the local Postgres (PGlite: real Postgres compiled to WebAssembly) in memory or under a data
// directory, and brings its schema up to date. Prepared transactions are enabled so tests can hold a
// transaction open across others, the way concurrent sessions do on a real server.
import { PGlite } from '@electric-sql/pglite'
import { migrate } from './migrate'

export interface OpenDatabaseOptions {
  /** A directory to persist to; omit for an in-memory database. */
  dataDir?: string
  migrationsDir?: string
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<PGlite> {
  const pg = new PGlite({
    dataDir: options.dataDir,
    postgresqlconf: ['max_prepared_transactions = 8'],
  })
  await pg.waitReady
  await migrate(pg, options.migrationsDir)
  return pg
}
