import { describe, expect, it } from 'vitest'
import type { OutboxEntry, RefusalMark } from '@/data/model/outbox'
import type { ProcessingJobRow } from '@/data/model/rows'
import { mutate } from '@/data/mutations/mutate'
import { memoryReplica } from '@/data/testing/memoryReplica'
import { PUSH_MAX_ROW_CHANGES, coalescePositions, pushOutbox, takeRun } from './pushOutbox'
import { MemoryServer } from './testing/memoryServer'
import { REFUSAL_WORDS, memoryTransport } from './testing/memoryTransport'

const entry = (seq: number, key: string, coalesce?: 'position'): OutboxEntry => ({
  seq,
  key,
  keys: [key],
  table: 'polaroids',
  rowId: key,
  fields: [],
  op: { op: 'call', fn: 'move_polaroid', args: { p_id: key } },
  failureMessage: '',
  createdAt: 0,
  rev: 0,
  attempts: 0,
  ...(coalesce ? { coalesce } : {}),
})

describe('coalescePositions', () => {
  it('sends only the latest position of each item, in its place', () => {
    const batch = [entry(1, 'a', 'position'), entry(2, 'b', 'position'), entry(3, 'a', 'position'), entry(4, 'a')]
    const { send, superseded } = coalescePositions(batch)
    expect(send.map((e) => e.seq)).toEqual([2, 3, 4])
    expect(superseded.map((e) => e.seq)).toEqual([1])
  })

  it('leaves other changes alone', () => {
    const batch = [entry(1, 'a'), entry(2, 'a')]
    expect(coalescePositions(batch).send).toHaveLength(2)
  })
})

describe('takeRun', () => {
  const batchOf = (seq: number, size: number): OutboxEntry => ({
    ...entry(seq, `b${seq}`),
    op: { op: 'batch', ops: Array.from({ length: size }, (_, i) => ({ op: 'update', table: 'walls', id: `w${i}`, patch: { name: 'x' } })) },
  })
  const upload = (seq: number): OutboxEntry => ({ ...entry(seq, `u${seq}`), op: { op: 'upload', bucket: 'b', path: 'p' } })

  it('counts a batch as its row changes against the server limit of one push', () => {
    const head = [entry(1, 'a'), batchOf(2, 600), batchOf(3, PUSH_MAX_ROW_CHANGES - 599), entry(4, 'b')]
    expect(takeRun(head).map((e) => e.seq)).toEqual([1, 2])
    expect(takeRun(head.slice(1)).map((e) => e.seq)).toEqual([2])
    expect(takeRun(head.slice(2)).map((e) => e.seq)).toEqual([3, 4])
    expect(takeRun([batchOf(1, 600), batchOf(2, PUSH_MAX_ROW_CHANGES - 600)]).map((e) => e.seq)).toEqual([1, 2])
  })

  it('sends a batch over the limit alone (the server refuses it on its own), and stops at a file', () => {
    expect(takeRun([batchOf(1, PUSH_MAX_ROW_CHANGES + 1), entry(2, 'a')]).map((e) => e.seq)).toEqual([1])
    expect(takeRun([entry(1, 'a'), upload(2), entry(3, 'b')]).map((e) => e.seq)).toEqual([1])
  })
})

describe('a refused change on a row only this device has', () => {
  const job: ProcessingJobRow = {
    id: 'job_1',
    userId: 'ada',
    kind: 'ootd',
    status: 'queued',
    progress: 0,
    processedItems: 0,
    totalItems: 0,
    error: null,
    input: { image_path: 'ootd-images/ada/ootd/i.jpg', item_id: 'i', skip_ai_tagging: false },
    items: [],
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    txid: '',
  }

  /** Queues an API call on the row, with or without a mark, has it refused, and answers the row after. */
  async function refusedCall(onRefused?: RefusalMark) {
    const replica = memoryReplica('ada')
    await mutate(replica, [replica.db.jobs], async ({ queue }) => {
      await replica.db.jobs.add(job)
      queue({
        table: 'jobs',
        rowId: job.id,
        fields: [],
        op: { op: 'api', path: '/wardrobe/background-ootd', body: { processing_id: job.id } },
        failureMessage: 'Failed to start OOTD processing',
        preferServerMessage: true,
        ...(onRefused ? { onRefused } : {}),
      })
    })
    const net = memoryTransport(new MemoryServer(), 'ada')
    net.failNext(/^api /, 'refused')
    const run = pushOutbox(replica.db, net)
    await net.flush()
    expect(await run).toMatchObject({ status: 'done' })
    expect(await replica.db.outbox.count()).toBe(0)
    expect(await replica.db.failedMutations.toArray()).toMatchObject([{ message: REFUSAL_WORDS }])
    // Nothing was read back: the server has no version of a row it never had.
    expect(net.requests).toEqual(['api /wardrobe/background-ootd'])
    return replica.db.jobs.get(job.id)
  }

  it('becomes what its entry says, with the message the user reads', async () => {
    const row = await refusedCall({ patch: { status: 'failed', progress: 100 }, messageField: 'error' })
    expect(row).toMatchObject({ status: 'failed', progress: 100, error: REFUSAL_WORDS })
  })

  it('is left alone when its entry says nothing: the engine has no rule of its own for any table', async () => {
    expect(await refusedCall()).toEqual(job)
  })
})
