// The README's scale-out promise under real concurrency: several API instances share one project's
// jobs. On a real PostgreSQL 15 (PGlite runs one connection at a time), claimers on separate
// connections run the product API's own statements (`claim_processing_job`, the heartbeat that only
// the holder may write, `complete_ootd_job`) against a few hundred jobs while one of them dies mid-job
// (its connection terminated, its heartbeat left to go stale). Every job must complete exactly once,
// none may be left, and the dead claimer's job must be taken over. Skipped (loudly) only on a machine
// without the PostgreSQL binaries; in CI their absence fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type pg from 'pg'
import {
  postgresBinDir,
  postgresInstalled,
  startRealPostgres,
  type RealPostgres,
} from '../../support/realPostgres'

const CLAIMERS = 6
const JOBS = 300
const STALE_AFTER_SECONDS = 3
const MAX_ATTEMPTS = 3

const available = postgresInstalled()
if (!available) {
  const message = `PostgreSQL binaries are missing in ${postgresBinDir}: the scale-out test cannot run (apt-get install postgresql-15).`
  if (process.env.CI) throw new Error(message)
  console.warn(`\n!!!!! SKIPPED: ${message} !!!!!\n`)
}

let server: RealPostgres
let admin: pg.Client
const userId = '00000000-0000-4000-8000-00000000a001'

beforeAll(async () => {
  server = await startRealPostgres()
  admin = await server.connect()
  await admin.query(`insert into auth.users (id, email) values ($1, 'claims@example.com')`, [userId])
  await admin.query(`insert into public.profiles (id, username) values ($1, 'claims_owner')`, [userId])
})

afterAll(async () => {
  await admin?.end()
  await server?.stop()
})

/** One API instance: its own connection, as PostgREST serves the service role. */
class Claimer {
  completed: string[] = []
  claims: string[] = []
  lostHolds = 0
  dead = false
  private constructor(
    readonly instance: string,
    readonly client: pg.Client,
    readonly pid: number,
  ) {}

  static async start(server: RealPostgres, instance: string): Promise<Claimer> {
    const client = await server.connect()
    client.on('error', () => undefined) // a terminated connection is this test's doing
    await client.query(`set role service_role`)
    await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', false)`)
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
    return new Claimer(instance, client, rows[0]!.pid)
  }

  /** jobStore.claimJob */
  async claim(): Promise<string | null> {
    const { rows } = await this.client.query<{ id: string }>(
      'select id from public.claim_processing_job($1, $2, $3, $4)',
      [this.instance, [], STALE_AFTER_SECONDS, MAX_ATTEMPTS],
    )
    return rows[0]?.id ?? null
  }

  /** jobStore.updateHeldJob: progress and heartbeat, only while this instance holds the job. */
  async beat(id: string, progress: number): Promise<boolean> {
    const { rows } = await this.client.query(
      `update public.processing_jobs set progress = $3, heartbeat_at = $4
        where id = $1 and claimed_by = $2 and status = 'processing' returning id`,
      [id, this.instance, progress, new Date().toISOString()],
    )
    return rows.length > 0
  }

  /** jobStore.completeHeldJob; refused (55000) when another instance holds the job now. */
  async complete(id: string): Promise<boolean> {
    try {
      await this.client.query(`select id from public.complete_ootd_job($1, $2, '[]', '[]', '[]')`, [
        id,
        this.instance,
      ])
      return true
    } catch (error) {
      if ((error as { code?: string }).code === '55000') return false
      throw error
    }
  }

  async allDone(): Promise<boolean> {
    const { rows } = await this.client.query<{ n: number }>(
      `select count(*)::int as n from public.processing_jobs where status in ('queued', 'processing')`,
    )
    return rows[0]!.n === 0
  }

  /** Runs jobs until none are left; `dieDuring` is called mid-job and may end this instance. */
  async run(dieDuring?: (id: string) => Promise<boolean>): Promise<void> {
    while (!this.dead) {
      const id = await this.claim()
      if (!id) {
        if (await this.allDone()) return
        await new Promise((r) => setTimeout(r, 200))
        continue
      }
      this.claims.push(id)
      let held = await this.beat(id, 50)
      if (held && dieDuring && (await dieDuring(id))) return
      await new Promise((r) => setTimeout(r, Math.random() * 4))
      held = held && (await this.beat(id, 90))
      if (!held) {
        this.lostHolds += 1
        continue
      }
      if (await this.complete(id)) this.completed.push(id)
      else this.lostHolds += 1
    }
  }
}

describe.skipIf(!available)('scale-out on a real PostgreSQL 15', () => {
  it(`${CLAIMERS} claimers on separate connections complete ${JOBS} jobs exactly once, and a dead one's job is taken over`, async () => {
    const ids = Array.from({ length: JOBS }, (_, i) => `scale-job-${String(i).padStart(4, '0')}`)
    await admin.query(
      `insert into public.processing_jobs (id, user_id, kind, input, created_at)
       select id, $2, 'ootd', '{}'::jsonb, now() + make_interval(secs => n / 1000.0)
         from unnest($1::text[]) with ordinality as t(id, n)`,
      [ids, userId],
    )
    const claimers = await Promise.all(
      Array.from({ length: CLAIMERS }, (_, i) => Claimer.start(server, `api-${i}`)),
    )
    const victim = claimers[0]!
    let abandoned: string | null = null
    // The victim dies on its tenth job: its connection is terminated with the job claimed and beating.
    const dieDuring = async (id: string) => {
      if (victim.claims.length < 10) return false
      abandoned = id
      victim.dead = true
      await admin.query('select pg_terminate_backend($1)', [victim.pid])
      return true
    }

    const started = Date.now()
    await Promise.all(claimers.map((c) => c.run(c === victim ? dieDuring : undefined)))
    const seconds = (Date.now() - started) / 1000
    await Promise.all(claimers.filter((c) => c !== victim).map((c) => c.client.end()))

    const completions = new Map<string, string[]>()
    for (const c of claimers)
      for (const id of c.completed) completions.set(id, [...(completions.get(id) ?? []), c.instance])
    const duplicates = [...completions.values()].filter((by) => by.length > 1).length
    const { rows } = await admin.query<{
      id: string
      status: string
      claimed_by: string | null
      attempts: number
      progress: number
    }>(`select id, status, claimed_by, attempts, progress from public.processing_jobs order by id`)
    const takeovers = rows.filter((r) => r.attempts > 1).length
    const claimsPerJob = new Map<string, number>()
    for (const c of claimers) for (const id of c.claims) claimsPerJob.set(id, (claimsPerJob.get(id) ?? 0) + 1)
    const doubleClaims = [...claimsPerJob].filter(([id, n]) => n > 1 && id !== abandoned).length
    console.log(
      `scale-out: ${CLAIMERS} claimers, ${JOBS} jobs in ${seconds.toFixed(1)} s (${(JOBS / seconds).toFixed(0)} jobs/s), ` +
        `completed ${completions.size}, duplicates ${duplicates}, claimed twice ${doubleClaims}, takeovers ${takeovers}, ` +
        `holds lost ${claimers.reduce((n, c) => n + c.lostHolds, 0)}, per claimer ${claimers.map((c) => c.completed.length).join('/')}`,
    )

    expect(abandoned).not.toBeNull()
    expect(duplicates).toBe(0)
    // No live instance's job was taken from it: each was claimed once (skip locked, fresh heartbeats).
    expect(doubleClaims).toBe(0)
    expect(rows.filter((r) => r.status !== 'completed')).toEqual([])
    expect(rows.map((r) => r.id)).toEqual(ids)
    expect(completions.size).toBe(JOBS)
    // The dead instance's job: completed by someone else, on a second attempt.
    expect(victim.completed).not.toContain(abandoned)
    expect(completions.get(abandoned!)).toHaveLength(1)
    expect(rows.find((r) => r.id === abandoned)).toMatchObject({
      status: 'completed',
      attempts: 2,
      claimed_by: null,
    })
    expect(claimsPerJob.get(abandoned!)).toBe(2)
    // The work was shared: every live claimer completed some.
    for (const c of claimers.slice(1)) expect(c.completed.length).toBeGreaterThan(0)
  })
})
