import { describe, expect, it } from 'vitest'
import { peersFromState, readDragMessage } from './presence'

describe('peersFromState', () => {
  const meta = (fields: Record<string, unknown>) => ({ presence_ref: 'r', ...fields })

  it('names people by display name, then username; guests are Guest with no identity; own tab left out', () => {
    const peers = peersFromState(
      {
        u1: [meta({ tab: 't1', user_id: 'u1', username: 'ada', display_name: 'Ada L', avatar_path: 'p/a.png', guest: false })],
        u2: [meta({ tab: 't2', user_id: 'u2', username: 'ben', display_name: null, avatar_path: null, guest: false })],
        'guest:x': [meta({ tab: 't3', user_id: 'u1', username: 'ada', display_name: 'Ada L', guest: true })],
        me: [meta({ tab: 'mine', user_id: 'me', username: 'me', guest: false })],
      },
      'mine',
    )
    expect(peers).toEqual([
      { key: 'u1', userId: 'u1', username: 'ada', name: 'Ada L', avatarPath: 'p/a.png', guest: false },
      { key: 'u2', userId: 'u2', username: 'ben', name: 'ben', avatarPath: null, guest: false },
      { key: 'guest:x', userId: null, username: null, name: 'Guest', avatarPath: null, guest: true },
    ])
  })
})

describe('readDragMessage', () => {
  it('reads a drag step stamped by the server and drops malformed or anonymous ones', () => {
    expect(readDragMessage({ event: 'drag', payload: { item: 'p1', x: 1, y: 2 }, meta: { sender: 'u1' } })).toEqual({
      sender: 'u1',
      item: 'p1',
      x: 1,
      y: 2,
      end: false,
    })
    expect(readDragMessage({ payload: { item: 'p1', x: 0, y: 0, end: true }, meta: { sender: 'u1' } })?.end).toBe(true)
    expect(readDragMessage({ payload: { item: 'p1', x: 1, y: 2 }, meta: { sender: null } })).toBeNull()
    expect(readDragMessage({ payload: { item: 'p1', x: 'far', y: 2 }, meta: { sender: 'u1' } })).toBeNull()
    expect(readDragMessage({ payload: { x: 1, y: 2 }, meta: { sender: 'u1' } })).toBeNull()
  })
})
