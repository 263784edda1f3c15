// A real PostgreSQL server for tests that need real concurrency (PGlite runs one connection at a time):
// Debian's postgresql-15 binaries, a cluster made in a temporary directory by an ordinary user (as root
// the commands run through `runuser`, since PostgreSQL refuses to run as root), listening on a free
// loopback port, with the platform bootstrap of the local stack and every migration applied, as
// `supabase db push` would on a hosted project.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { listMigrations, platformSqlPath } from '../../supabase/local/db/migrate'
import { freePort } from './freePort'

const run = promisify(execFile)

export const postgresBinDir = process.env.MOORI_PG_BIN ?? '/usr/lib/postgresql/15/bin'

export function postgresInstalled(): boolean {
  return existsSync(path.join(postgresBinDir, 'initdb')) && existsSync(path.join(postgresBinDir, 'pg_ctl'))
}

export interface RealPostgres {
  port: number
  /** A new connection as the superuser (the caller ends it). */
  connect(): Promise<pg.Client>
  stop(): Promise<void>
}

/** Root may not run PostgreSQL: use its own account when the package made one, else nobody. */
async function runAsUser(): Promise<{ name: string; uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null
  for (const name of ['postgres', 'nobody']) {
    try {
      const { stdout } = await run('id', ['-u', name])
      const { stdout: gid } = await run('id', ['-g', name])
      return { name, uid: Number(stdout.trim()), gid: Number(gid.trim()) }
    } catch {
      // no such account; try the next
    }
  }
  throw new Error('Running as root, and neither a postgres nor a nobody account exists to run PostgreSQL as')
}

export async function startRealPostgres(): Promise<RealPostgres> {
  if (!postgresInstalled())
    throw new Error(`PostgreSQL binaries not found in ${postgresBinDir} (apt-get install postgresql-15)`)
  const user = await runAsUser()
  const dir = await mkdtemp(path.join(tmpdir(), 'moori-pg-'))
  if (user) await chown(dir, user.uid, user.gid)
  const as = (bin: string, args: string[]) =>
    user
      ? run('runuser', ['-u', user.name, '--', path.join(postgresBinDir, bin), ...args])
      : run(path.join(postgresBinDir, bin), args)
  const data = path.join(dir, 'data')
  const port = await freePort()
  await as('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`
  await as('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    options,
    'start',
  ])
  const connect = async () => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' })
    await client.connect()
    return client
  }
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined)
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const admin = await connect()
    try {
      await admin.query(await readFile(platformSqlPath, 'utf8'))
      for (const m of await listMigrations()) {
        await admin.query('begin')
        await admin.query(await readFile(m.file, 'utf8'))
        await admin.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [m.version, m.name],
        )
        await admin.query('commit')
      }
    } finally {
      await admin.end()
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { port, connect, stop }
}
