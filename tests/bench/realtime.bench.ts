// Realtime delivery latency: 20 supabase-js clients subscribed to the same wall's polaroids, ~100
// inserts one after another, timed from just before each write is issued until each subscriber's
// callback fires. Writes go through asRole in process, and through supabase-js REST when the REST
// service answers. Server and clients share one Node process (and event loop), as in the tests.
import { performance } from 'node:perf_hooks'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js'
import { asRole, userAuth } from '../../supabase/local/db/asRole'
import { startTestStack, type TestStack } from '../support/stack'
import { createTestUser, type TestUser } from '../support/users'
import type { Bench, BenchTable } from './types'
import { round, summarize } from './types'

const SUBSCRIBERS = 20
const WRITES = 100
const WARMUP = 10
const TIMEOUT_MS = 5000

type Write = (id: string) => Promise<void>

interface Result {
  perDelivery: number[]
  untilAll: number[]
  missed: number
}

function subscribeAll(
  clients: SupabaseClient[],
  wallId: string,
  onEvent: (client: number, id: string) => void,
) {
  return Promise.all(
    clients.map(
      (client, index) =>
        new Promise<void>((resolve, reject) => {
          client
            .channel(`wall:${wallId}`)
            .on(
              'postgres_changes',
              { event: 'INSERT', schema: 'public', table: 'polaroids', filter: `wall_id=eq.${wallId}` },
              (payload) => onEvent(index, String(payload.new.id)),
            )
            .subscribe((status, error) => {
              if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve()
              else reject(new Error(`${status} ${error?.message ?? ''}`))
            })
        }),
    ),
  )
}

async function measure(clients: SupabaseClient[], wallId: string, write: Write): Promise<Result> {
  let pending: { id: string; start: number; times: number[]; done: () => void } | null = null
  await subscribeAll(clients, wallId, (_client, id) => {
    if (pending?.id !== id) return
    pending.times.push(performance.now() - pending.start)
    if (pending.times.length === clients.length) pending.done()
  })
  const result: Result = { perDelivery: [], untilAll: [], missed: 0 }
  for (let i = 0; i < WARMUP + WRITES; i++) {
    const id = `bench_${randomUUID()}`
    const times: number[] = []
    const allArrived = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, TIMEOUT_MS)
      pending = {
        id,
        start: performance.now(),
        times,
        done: () => {
          clearTimeout(timer)
          resolve()
        },
      }
    })
    await write(id)
    await allArrived
    pending = null
    if (i < WARMUP) continue
    result.perDelivery.push(...times)
    result.missed += clients.length - times.length
    if (times.length === clients.length) result.untilAll.push(Math.max(...times))
  }
  await Promise.all(clients.map((c) => c.removeAllChannels()))
  return result
}

function rows(label: string, writer: string, result: Result): Array<Record<string, string | number>> {
  const d = summarize(result.perDelivery)
  const a = summarize(result.untilAll)
  return [
    {
      scenario: label,
      write: writer,
      measure: 'per delivery',
      samples: result.perDelivery.length,
      'median ms': round(d.median),
      'p95 ms': round(d.p95),
      'max ms': round(d.max),
      missed: result.missed,
    },
    {
      scenario: label,
      write: writer,
      measure: `write until all ${SUBSCRIBERS}`,
      samples: result.untilAll.length,
      'median ms': round(a.median),
      'p95 ms': round(a.p95),
      'max ms': round(a.max),
      missed: '',
    },
  ]
}

function insertAsRole(stack: TestStack, owner: TestUser, wallId: string): Write {
  return async (id) => {
    await asRole(stack.db, userAuth(owner.id), (tx) =>
      tx.query(
        `insert into public.polaroids (id, wall_id, created_by, external_url) values ($1, $2, $3, 'https://e.test/p.png')`,
        [id, wallId, owner.id],
      ),
    )
  }
}

function insertViaRest(owner: TestUser, wallId: string): Write {
  return async (id) => {
    const { error } = await owner.client
      .from('polaroids')
      .insert({ id, wall_id: wallId, created_by: owner.id, external_url: 'https://e.test/p.png' })
    if (error) throw new Error(`REST insert failed: ${error.message}`)
  }
}

async function restWorks(owner: TestUser, wallId: string): Promise<boolean> {
  try {
    await insertViaRest(owner, wallId)(`probe_${randomUUID()}`)
    return true
  } catch {
    return false
  }
}

export const bench: Bench = {
  name: 'realtime',
  async run(): Promise<BenchTable[]> {
    const stack = await startTestStack()
    try {
      const owner = await createTestUser(stack)
      const wallId = `bench_wall_${randomUUID().slice(0, 8)}`
      await stack.db.query('insert into public.walls (id, name, owner_id) values ($1, $2, $3)', [
        wallId,
        'Bench',
        owner.id,
      ])
      const anonClients = Array.from({ length: SUBSCRIBERS }, () => stack.client())
      const users = await Promise.all(Array.from({ length: SUBSCRIBERS }, () => createTestUser(stack)))
      const userClients = users.map((u) => u.client)

      const table: BenchTable = {
        title: `Realtime delivery latency: ${WRITES} inserts, ${SUBSCRIBERS} subscribers to one wall (ms)`,
        rows: [
          ...rows(
            '20 anon clients (1 RLS check/write)',
            'asRole',
            await measure(anonClients, wallId, insertAsRole(stack, owner, wallId)),
          ),
          ...rows(
            '20 signed-in users (20 RLS checks/write)',
            'asRole',
            await measure(userClients, wallId, insertAsRole(stack, owner, wallId)),
          ),
        ],
        notes: [
          'Timed from just before the write is issued until each subscriber callback fires; writes are sequential.',
          'asRole: one transaction as the wall owner in the same process (trigger, NOTIFY, queue drain, RLS check, frame).',
          'Server and all clients share one Node process; the clients decode frames on the same event loop.',
        ],
      }
      if (await restWorks(owner, wallId)) {
        table.rows.push(
          ...rows(
            '20 signed-in users (20 RLS checks/write)',
            'supabase-js REST',
            await measure(userClients, wallId, insertViaRest(owner, wallId)),
          ),
        )
        table.notes!.push(
          'supabase-js REST: owner.client.from(polaroids).insert(...) through the local REST service.',
        )
      } else {
        table.notes!.push('supabase-js REST writes skipped: the REST service did not accept an insert yet.')
      }
      await Promise.all([...anonClients, ...userClients, owner.client].map((c) => c.removeAllChannels()))
      return [table]
    } finally {
      await stack.close()
    }
  },
}
