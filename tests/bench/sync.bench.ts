// Sync figures, side by side in one run: echo latency (a move on device A until it is in device B's
// replica, through push + realtime) against one plain supabase-js round trip; flushing a 500-move
// offline backlog (time and requests); applying 5,000 pulled rows to the replica (fake-indexeddb in
// Node, so slower than a browser's IndexedDB).
import 'fake-indexeddb/auto'
import { liveQuery } from 'dexie'
import { startTestStack } from '../support/stack'
import { createTestUser } from '../support/users'
import { startDevice } from '../support/syncedReplica'
import { isPush } from '../support/faultyFetch'
import { memoryDatabase } from '../../src/data/testing/memoryReplica'
import { createWall } from '../../src/data/mutations/walls'
import { addPolaroid, movePolaroid } from '../../src/data/mutations/polaroids'
import { wallScope } from '../../src/data/model/scopes'
import { applyPull } from '../../workers/sync/applyToReplica'
import { round, summarize, type Bench, type BenchTable } from './types'

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6

async function echoAndRoundTrip(): Promise<BenchTable[]> {
  const stack = await startTestStack()
  const ada = await createTestUser(stack, { username: 'bench_a' })
  const bo = await createTestUser(stack, { username: 'bench_b' })
  const a = await startDevice(stack, ada)
  const b = await startDevice(stack, bo)
  try {
    const wallId = await createWall(a.replica, { name: 'Bench wall' })
    const id = await addPolaroid(a.replica, { wallId, name: 'p', message: 'm', externalUrl: 'https://example.com/p.jpg' })
    await a.engine.flush()
    const release = b.replica.sync.retainScope(wallScope(wallId))
    await b.engine.pull(wallScope(wallId))
    await new Promise((r) => setTimeout(r, 500))

    const echo: number[] = []
    for (let i = 1; i <= 60; i++) {
      const x = 1000 + i
      const arrived = new Promise<void>((resolve) => {
        const subscription = liveQuery(() => b.replica.db.polaroids.get(id)).subscribe((row) => {
          if (row?.x === x) {
            subscription.unsubscribe()
            resolve()
          }
        })
      })
      const start = process.hrtime.bigint()
      await movePolaroid(a.replica, id, { x, y: i, zIndex: 2 })
      await arrived
      if (i > 10) echo.push(ms(start))
    }
    release()

    const roundTrip: number[] = []
    for (let i = 0; i < 60; i++) {
      const start = process.hrtime.bigint()
      await ada.client.rpc('move_polaroid', { p_id: id, new_x: i, new_y: i, new_z_index: 2 })
      if (i >= 10) roundTrip.push(ms(start))
    }
    const e = summarize(echo)
    const r = summarize(roundTrip)
    return [
      {
        title: 'Echo latency: a move on device A until it is in device B\'s replica (ms)',
        rows: [
          { path: 'Moori sync (debounce 10 ms, push, realtime, Dexie write)', median: round(e.median), p95: round(e.p95), n: echo.length },
          { path: 'one plain supabase-js round trip (rpc move_polaroid)', median: round(r.median), p95: round(r.p95), n: roundTrip.length },
          { path: 'ratio (echo / round trip)', median: round(e.median / r.median), p95: round(e.p95 / r.p95), n: '' },
        ],
      },
    ]
  } finally {
    await a.close()
    await b.close()
    await stack.close()
  }
}

async function backlog(): Promise<BenchTable[]> {
  const stack = await startTestStack()
  const user = await createTestUser(stack, { username: 'bench_backlog' })
  const d = await startDevice(stack, user)
  try {
    const wallId = await createWall(d.replica, { name: 'Backlog' })
    const ids: string[] = []
    for (let i = 0; i < 50; i++) ids.push(await addPolaroid(d.replica, { wallId, name: `p${i}`, message: '', externalUrl: `https://e.com/${i}.jpg` }))
    await d.engine.flush()
    d.net.offline = true
    for (let round = 0; round < 10; round++) {
      for (const [i, id] of ids.entries()) await movePolaroid(d.replica, id, { x: round * 10 + i, y: i, zIndex: 2 + i })
    }
    const queued = await d.replica.db.outbox.count()
    d.net.offline = false
    d.net.records.length = 0
    const start = process.hrtime.bigint()
    const summary = await d.engine.flush()
    const elapsed = ms(start)
    const pushes = d.net.records.filter(isPush).length
    return [
      {
        title: 'Flushing 500 offline moves of 50 items',
        rows: [
          {
            moves: 500,
            'outbox entries': queued,
            'flush ms': round(elapsed),
            'requests': summary.requests,
            'push requests': pushes,
            'positions sent': summary.sent,
          },
        ],
      },
    ]
  } finally {
    await d.close()
    await stack.close()
  }
}

async function applyRows(): Promise<BenchTable[]> {
  const rows = Array.from({ length: 5000 }, (_, i) => ({
    id: `bench_polaroid_${i}`,
    wall_id: `bench_wall_${i % 20}`,
    name: `Polaroid ${i}`,
    message: 'A message',
    image_path: `polaroid-images/u/${i}.jpg`,
    external_url: null,
    original_page_url: null,
    timestamp: 1_790_000_000_000 + i,
    created_by: 'u',
    username: 'bench',
    x: i % 1000,
    y: Math.floor(i / 10),
    z_index: i,
    created_at: new Date(1_790_000_000_000 + i).toISOString(),
    updated_at: new Date().toISOString(),
    deleted_at: null,
    txid: String(1000 + i),
  }))
  const samples: number[] = []
  for (let run = 0; run < 3; run++) {
    const db = memoryDatabase()
    const start = process.hrtime.bigint()
    await applyPull(db, 'wall:bench', { scope: 'wall:bench', cursor: '9999', rows: { polaroids: rows }, members: { polaroids: rows.map((r) => r.id) } })
    samples.push(ms(start))
    db.close()
  }
  const s = summarize(samples)
  return [
    {
      title: 'Applying 5,000 pulled rows to the replica (one transaction, with membership)',
      rows: [{ rows: 5000, 'median ms': round(s.median), 'min ms': round(s.min), 'rows/s': Math.round(5000 / (s.median / 1000)) }],
      notes: ['fake-indexeddb in Node; a browser IndexedDB is typically faster'],
    },
  ]
}

export const bench: Bench = {
  name: 'sync',
  async run() {
    return [...(await echoAndRoundTrip()), ...(await backlog()), ...(await applyRows())]
  },
}
