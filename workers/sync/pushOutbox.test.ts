import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '@/data/model/outbox'
import { coalescePositions } from './pushOutbox'

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
