// The access sweep: every REST table, RPC, storage bucket, realtime channel, /api endpoint and auth
// admin endpoint, tried as anon, a stranger and the owner on public and private data (the rows live in
// surfaces/). Every forbidden case must be refused with nothing leaking; the owner's positive controls
// must see their data. The counts are printed: tried, refused, leaked (goal: 0 leaked). A surface the
// backend has but the sweep lacks (a new table, function, bucket, published table or /api route) fails
// the coverage test until its row is added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { buildWorld, type World } from '../support/world'
import { apiEndpoints } from './surfaces/apiEndpoints'
import { authEndpoints } from './surfaces/authEndpoints'
import { buckets } from './surfaces/buckets'
import { channels } from './surfaces/channels'
import { restTables } from './surfaces/restTables'
import { rpcs } from './surfaces/rpcs'
import { runSweep, type Surface, type SurfaceKind } from './sweepTable'

const surfaces: Surface[] = [
  ...restTables,
  ...rpcs,
  ...buckets,
  ...channels,
  ...apiEndpoints,
  ...authEndpoints,
]

let stack: TestStack
let world: World

beforeAll(async () => {
  stack = await startTestStack({ autoConfirm: false })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await world?.stranger.client.removeAllChannels()
  await world?.owner.client.removeAllChannels()
  await stack?.close()
})

function rowsOf(kind: SurfaceKind): string[] {
  return surfaces
    .filter((s) => s.kind === kind)
    .map((s) => s.name)
    .sort()
}

describe('the access sweep', () => {
  it('has a row for every table, function, bucket, published table and /api route', async () => {
    const root = (await (
      await fetch(`${stack.url}/rest/v1/`, { headers: { apikey: stack.anonKey } })
    ).json()) as {
      paths: Record<string, unknown>
    }
    const paths = Object.keys(root.paths)
    expect(rowsOf('table')).toEqual(
      paths
        .filter((p) => !p.startsWith('/rpc/'))
        .map((p) => p.slice(1))
        .sort(),
    )
    expect(rowsOf('rpc')).toEqual(
      paths
        .filter((p) => p.startsWith('/rpc/'))
        .map((p) => p.slice(5))
        .sort(),
    )
    const bucketIds = (await stack.db.query<{ id: string }>('select id from storage.buckets')).rows.map(
      (r) => r.id,
    )
    expect(rowsOf('bucket')).toEqual(bucketIds.sort())
    const published = (
      await stack.db.query<{ tablename: string }>(
        "select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'",
      )
    ).rows.map((r) => r.tablename)
    // Plus the walls' presence rooms (issue 16), which carry no table.
    expect(rowsOf('channel')).toEqual([...published, 'presence room of a private wall'].sort())
    const routes = stack.api.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)
    expect(rowsOf('api')).toEqual([...new Set(routes)].sort())
  })

  it('refuses every forbidden case and leaks nothing', async () => {
    const tally = await runSweep(world, surfaces)
    console.info(
      `security sweep: tried ${tally.tried}, refused ${tally.refused}, leaked ${tally.leaked} ` +
        `(and ${tally.allowed} positive controls saw their data)`,
    )
    expect(tally.problems).toEqual([])
    expect(tally.leaked).toBe(0)
    expect(tally.refused + tally.allowed).toBe(tally.tried)
  }, 300_000)
})
