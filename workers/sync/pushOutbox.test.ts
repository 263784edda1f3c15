import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '@/data/model/outbox'
import { PUSH_MAX_ROW_CHANGES, coalescePositions, takeRun } from './pushOutbox'

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
