// Applies the platform bootstrap and then every pending file of supabase/migrations, in order, each in
// its own transaction, recording it in supabase_migrations.schema_migrations as the Supabase CLI does.
// The migrations are the same files a hosted project runs; nothing here edits them.
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'

const here = path.dirname(fileURLToPath(import.meta.url))
export const platformSqlPath = path.resolve(here, '../platform.sql')
const migrationsDir = path.resolve(here, '../../migrations')

interface MigrationFile {
  version: string
  name: string
  file: string
}

export async function listMigrations(dir = migrationsDir): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort()
  return files.map((file) => {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_')
    return { version: version!, name: rest.join('_'), file: path.join(dir, file) }
  })
}

/** Returns the versions applied by this call. */
export async function migrate(pg: PGlite, dir = migrationsDir): Promise<string[]> {
  await pg.exec(await readFile(platformSqlPath, 'utf8'))
  const done = new Set(
    (await pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  )
  const applied: string[] = []
  for (const m of await listMigrations(dir)) {
    if (done.has(m.version)) continue
    const sql = await readFile(m.file, 'utf8')
    await pg.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        m.version,
        m.name,
      ])
    })
    applied.push(m.version)
  }
  return applied
}
