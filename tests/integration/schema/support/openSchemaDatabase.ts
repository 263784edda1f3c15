// One in-memory database per test file: the real migrations (openDatabase) plus the shared fixtures.
// Cases roll back, so this is built once per file and never rebuilt.
import type { PGlite } from '@electric-sql/pglite'
import { openDatabase } from '../../../../supabase/local/db/openDatabase'
import { seedFixtures } from './fixtures'

export async function openSchemaDatabase(): Promise<PGlite> {
  const pg = await openDatabase()
  await seedFixtures(pg)
  return pg
}
