// What the REST layer costs on a simple select, measured side by side in one run on the same in-memory
// database (300 seeded walls): (a) the select run directly on PGlite with asRole, in process; (a') the
// exact SQL the REST service generates for the request, also in process; (b) raw fetch to the stack; and
// (c) supabase-js `from('walls').select('id,name').eq('id', x)` through the stack. Requests are sequential,
// after a warm-up, for a fixed time per path in interleaved rounds; the ratio to (a) is the stack overhead.
import os from 'node:os'
import type { PGlite } from '@electric-sql/pglite'
import { anonAuth, asRole } from '../../supabase/local/db/asRole'
import { parseQueryParams } from '../../supabase/local/rest/queryParams'
import { ReadBuilder, readSql, tableRelation } from '../../supabase/local/rest/readBuilder'
import { SchemaCache } from '../../supabase/local/rest/schemaCache'
import { SqlParams, qualified } from '../../supabase/local/rest/sql'
import { startTestStack } from '../support/stack'
import { createTestUser } from '../support/users'
import type { Bench, BenchTable } from './types'
import { round, summarize } from './types'

const WALLS = 300
const WARMUP = 200
const SECONDS = 4
const ROUNDS = 4

interface Measured {
  requests: number
  seconds: number
  latenciesMs: number[]
}

type Run = (i: number) => Promise<void>

/**
 * Warms every path up, then runs them in interleaved rounds (ROUNDS × SECONDS/ROUNDS each), so that a
 * busy moment on the machine hits all paths alike instead of whichever happened to run then.
 */
async function measureAll(paths: Array<[string, Run]>): Promise<Array<[string, Measured]>> {
  const measured = paths.map(
    ([name]) => [name, { requests: 0, seconds: 0, latenciesMs: [] }] as [string, Measured],
  )
  for (const [, run] of paths) for (let i = 0; i < WARMUP; i++) await run(i)
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, [, run]] of paths.entries()) {
      const m = measured[index]![1]
      const start = performance.now()
      const end = start + (SECONDS * 1000) / ROUNDS
      while (performance.now() < end) {
        const t0 = performance.now()
        await run(m.requests++)
        m.latenciesMs.push(performance.now() - t0)
      }
      m.seconds += (performance.now() - start) / 1000
    }
  }
  return measured
}

/** The statement the REST service runs for `GET /walls?select=id,name&id=eq.<id>` ($1 = the id). */
async function restSqlFor(db: PGlite): Promise<string> {
  const snapshot = await new SchemaCache(db).current()
  const query = parseQueryParams(new URLSearchParams({ select: 'id,name', id: 'eq.x' }))
  const params = new SqlParams()
  const builder = new ReadBuilder(snapshot, params, query)
  const alias = builder.nextAlias()
  const table = snapshot.tables.get('walls')!
  const node = builder.buildNode(tableRelation(table), alias, query.select, '')
  const sql = readSql(node, {
    from: `${qualified(table.schema, table.name)} as ${alias}`,
    where: node.where,
    count: false,
    head: false,
  })
  return params.compile(sql).text
}

export const bench: Bench = {
  name: 'rest',
  async run(): Promise<BenchTable[]> {
    const stack = await startTestStack()
    try {
      const owner = await createTestUser(stack)
      await stack.db.query(
        `insert into public.walls (id, name, owner_id)
         select 'bench_wall_' || lpad(i::text, 5, '0'), 'Bench wall ' || i, $1 from generate_series(1, ${WALLS}) i`,
        [owner.id],
      )
      const ids = Array.from({ length: WALLS }, (_, i) => `bench_wall_${String(i + 1).padStart(5, '0')}`)
      const idAt = (i: number) => ids[(i * 7919) % ids.length]!
      const restSql = await restSqlFor(stack.db)
      const client = stack.client()
      const headers = { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` }

      const expectOne = (rows: number, what: string) => {
        if (rows !== 1) throw new Error(`${what} returned ${rows} rows`)
      }
      const results = await measureAll([
        [
          '(a) PGlite direct: asRole + select',
          async (i) => {
            const r = await asRole(stack.db, anonAuth, (tx) =>
              tx.query('select id, name from public.walls where id = $1', [idAt(i)]),
            )
            expectOne(r.rows.length, 'direct select')
          },
        ],
        [
          "(a') PGlite direct: asRole + REST's SQL and request GUCs",
          async (i) => {
            const r = await asRole(stack.db, anonAuth, async (tx) => {
              await tx.query(
                `select set_config('request.method', $1, true), set_config('request.path', $2, true),
                      set_config('request.headers', $3, true), set_config('transaction_read_only', 'on', true)`,
                ['GET', '/walls', '{}'],
              )
              return tx.query<{ page_count: number }>(restSql, [idAt(i)])
            })
            expectOne(Number(r.rows[0]!.page_count), "REST's SQL")
          },
        ],
        [
          '(b) stack via fetch',
          async (i) => {
            const res = await fetch(`${stack.url}/rest/v1/walls?select=id,name&id=eq.${idAt(i)}`, { headers })
            const rows = (await res.json()) as unknown[]
            expectOne(rows.length, 'fetch')
          },
        ],
        [
          "(c) stack via supabase-js from('walls').select('id,name').eq('id', x)",
          async (i) => {
            const { data, error } = await client.from('walls').select('id,name').eq('id', idAt(i))
            if (error) throw new Error(error.message)
            expectOne(data.length, 'supabase-js')
          },
        ],
      ])
      const baseline = results[0]![1].requests / results[0]![1].seconds
      const rows = results.map(([path, m]) => {
        const rate = m.requests / m.seconds
        const s = summarize(m.latenciesMs)
        return {
          path,
          requests: m.requests,
          'req/s': round(rate, 0),
          'median ms': round(s.median, 3),
          'p95 ms': round(s.p95, 3),
          'slowdown vs (a)': `${round(baseline / rate, 2)}x`,
        }
      })
      const stackRate = results[3]![1].requests / results[3]![1].seconds
      return [
        {
          title: `Simple select by primary key, sequential, ${SECONDS} s per path in ${ROUNDS} interleaved rounds after ${WARMUP} warm-up requests (${WALLS} walls)`,
          rows,
          notes: [
            `Stack overhead (supabase-js through the stack vs direct PGlite): ${round(baseline / stackRate, 2)}x, ` +
              `${round(1000 / stackRate - 1000 / baseline, 3)} ms per request.`,
            `By medians (less sensitive to other load): ${round(
              summarize(results[3]![1].latenciesMs).median / summarize(results[0]![1].latenciesMs).median,
              2,
            )}x.`,
            "(a') isolates the cost of the generated SQL (json_agg, GUCs, read-only) from HTTP, auth and parsing.",
            `Node ${process.version}, one process; PGlite is single-connection, so requests never overlap.`,
            `Load average at the end (1 min, ${os.cpus().length} CPUs): ${round(os.loadavg()[0]!, 1)}; other work on the machine skews absolute figures.`,
          ],
        },
      ]
    } finally {
      await stack.close()
    }
  },
}
