import { describe, expect, it } from 'vitest'
import { parsePullResponse } from './parsePullResponse'

const good = {
  scope: 'wall:w1',
  cursor: '42',
  rows: { walls: [{ id: 'w1', name: 'A' }], polaroids: [] },
  members: { walls: ['w1'], polaroids: [] },
}

describe('parsePullResponse', () => {
  it('passes a well-formed reply through', () => {
    expect(parsePullResponse('wall:w1', good)).toEqual(good)
    const window = { scope: 'mooris', cursor: null, rows: {}, members: {}, wall_stats: [{ wall_id: 'w', polaroid_count: 2, preview_ids: ['p'] }] }
    expect(parsePullResponse('mooris', window)).toEqual(window)
  })

  it.each([
    ['not an object', null, 'not an object'],
    ['another scope', { ...good, scope: 'me' }, 'it is for "me"'],
    ['a numeric cursor', { ...good, cursor: 42 }, 'the cursor is not text'],
    ['no rows', { ...good, rows: undefined }, 'no rows'],
    ['no members', { ...good, members: [] }, 'no members'],
    ['an unknown table', { ...good, rows: { secrets: [] } }, 'unknown table secrets'],
    ['rows without ids', { ...good, rows: { walls: [{ name: 'x' }] } }, 'the walls rows are not rows with ids'],
    ['members that are not ids', { ...good, members: { walls: [1] } }, 'the walls members are not ids'],
    ['null members', { ...good, members: { walls: null } }, 'the walls members are not ids'],
    ['malformed wall stats', { ...good, wall_stats: [{ wall_id: 'w' }] }, 'the wall stats are malformed'],
  ])('refuses %s, saying what was wrong', (_name, reply, what) => {
    expect(() => parsePullResponse('wall:w1', reply)).toThrow(what)
    try {
      parsePullResponse('wall:w1', reply)
    } catch (error) {
      expect(error).toMatchObject({ name: 'SyncError', kind: 'permanent', code: 'bad_reply' })
    }
  })
})
