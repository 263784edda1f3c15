// Presence and broadcast on walls' rooms through the unmodified supabase-js client (track, untrack,
// presenceState, on('presence'), on('broadcast')), against the real local stack: who sees whom,
// who is refused, and that the server, not the client, decides who a presence is. The broadcasts here
// are plain `wave` events: a `drag` is relayed only from someone who may move that card, which
// tests/security/attacks/presenceRooms.test.ts tries.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { makeWall, subscribe } from './realtimeKit'

type Meta = Record<string, unknown> & { presence_ref: string }

/** Waits until `check` holds, re-testing on every presence or broadcast event of the channel. */
class Watch {
  private waiters: Array<() => void> = []
  readonly broadcasts: Array<{
    event: string
    payload: Record<string, unknown>
    meta?: Record<string, unknown>
  }> = []
  readonly joins: string[] = []
  readonly leaves: string[] = []

  constructor(readonly channel: RealtimeChannel) {
    channel
      .on('presence', { event: 'sync' }, () => this.poke())
      .on('presence', { event: 'join' }, ({ key }) => {
        this.joins.push(key)
        this.poke()
      })
      .on('presence', { event: 'leave' }, ({ key }) => {
        this.leaves.push(key)
        this.poke()
      })
      .on('broadcast', { event: '*' }, (message) => {
        this.broadcasts.push(message as unknown as (typeof this.broadcasts)[number])
        this.poke()
      })
  }

  private poke(): void {
    const waiters = this.waiters
    this.waiters = []
    for (const w of waiters) w()
  }

  state(): Record<string, Meta[]> {
    return this.channel.presenceState<Record<string, unknown>>()
  }

  until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    if (check()) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs)
      const retry = () => {
        if (check()) {
          clearTimeout(timer)
          resolve()
        } else this.waiters.push(retry)
      }
      this.waiters.push(retry)
    })
  }
}

/** Resolves with the status a subscription ends in (SUBSCRIBED or the error's message). */
async function subscribeOutcome(channel: RealtimeChannel): Promise<string> {
  await channel.socket.setAuth()
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve('SUBSCRIBED')
      else resolve(`${status}: ${error?.message ?? ''}`)
    })
  })
}

describe('presence and broadcast on a wall', () => {
  let stack: TestStack
  let ada: TestUser
  let ben: TestUser
  let eve: TestUser
  let publicWall: string
  let privateWall: string

  beforeAll(async () => {
    stack = await startTestStack()
    ada = await createTestUser(stack)
    ben = await createTestUser(stack)
    eve = await createTestUser(stack)
    await stack.db.query(
      `update public.profiles set display_name = 'Ada L', avatar_path = $2 where id = $1`,
      [ada.id, `polaroid-images/${ada.id}/avatar.png`],
    )
    publicWall = await makeWall(stack, ada.id)
    privateWall = await makeWall(stack, ada.id, { private: true })
  })

  // Every room gets its own client, as a browser tab would: supabase-js reuses a client's channel by name.
  const open: SupabaseClient[] = []
  function tab(user: TestUser | null): SupabaseClient {
    const client =
      user === null
        ? stack.client()
        : createClient(stack.url, stack.anonKey, {
            accessToken: () => Promise.resolve(user.accessToken),
            realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
          })
    open.push(client)
    return client
  }
  function room(user: TestUser | null, wallId: string, config: Record<string, unknown> = {}): Watch {
    return new Watch(tab(user).channel(`presence:wall:${wallId}`, { config }))
  }
  /** Joins with the user's token already set, as the app's worker does (else the join is anon's). */
  async function enter(watch: Watch): Promise<void> {
    await watch.channel.socket.setAuth()
    await subscribe(watch.channel)
  }
  async function close(watch: Watch): Promise<void> {
    await watch.channel.unsubscribe()
  }

  afterEach(async () => {
    for (const client of open.splice(0)) {
      await client.removeAllChannels()
      await client.realtime.disconnect()
    }
  })

  afterAll(async () => {
    await stack.close()
  })

  it('two users see each other arrive, broadcast and leave, as the server says who they are', async () => {
    const a = room(ada, publicWall)
    const b = room(ben, publicWall)
    await enter(a)
    await enter(b)
    expect(await a.channel.track({ dragging: null })).toBe('ok')
    expect(await b.channel.track({ dragging: null })).toBe('ok')

    await a.until(() => ben.id in a.state() && ada.id in a.state(), 'ada to see both')
    await b.until(() => ada.id in b.state(), 'ben to see ada')
    expect(b.state()[ada.id]).toEqual([
      expect.objectContaining({
        user_id: ada.id,
        username: ada.username,
        display_name: 'Ada L',
        avatar_path: `polaroid-images/${ada.id}/avatar.png`,
        guest: false,
        dragging: null,
      }),
    ])
    expect(a.joins).toContain(ben.id)

    // A drag broadcast reaches the other member, stamped with its sender; not the sender itself.
    expect(
      await a.channel.send({ type: 'broadcast', event: 'wave', payload: { item: 'p1', x: 10, y: 20 } }),
    ).toBe('ok')
    await b.until(() => b.broadcasts.length > 0, 'ben to hear the drag')
    expect(b.broadcasts[0]).toMatchObject({
      event: 'wave',
      payload: { item: 'p1', x: 10, y: 20 },
      meta: { sender: ada.id },
    })

    // Re-tracking replaces the meta rather than adding one.
    await b.channel.track({ dragging: 'p2' })
    await a.until(() => a.state()[ben.id]?.[0]?.dragging === 'p2', 'the new meta')
    expect(a.state()[ben.id]).toHaveLength(1)

    await b.channel.untrack()
    await a.until(() => !(ben.id in a.state()), 'ben to leave by untrack')
    await b.channel.track({})
    await a.until(() => ben.id in a.state(), 'ben back')
    await close(b)
    await a.until(() => !(ben.id in a.state()), 'ben to leave by removing the channel')
    expect(a.leaves).toContain(ben.id)
    await close(a)
  })

  it('sends broadcasts back to the sender only with broadcast.self, and acknowledges with broadcast.ack', async () => {
    const a = room(ada, publicWall, { broadcast: { self: true, ack: true } })
    await enter(a)
    expect(await a.channel.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok')
    await a.until(() => a.broadcasts.length === 1, 'ada to hear herself')
    expect(a.broadcasts[0]).toMatchObject({ event: 'ping', payload: { n: 1 }, meta: { sender: ada.id } })
    await close(a)
  })

  it('refuses a stranger on a private wall, who then hears nothing of the owner', async () => {
    const owner = room(ada, privateWall)
    await enter(owner)
    await owner.channel.track({})
    await owner.until(() => ada.id in owner.state(), 'the owner to see herself')

    const stranger = room(eve, privateWall)
    const outcome = await subscribeOutcome(stranger.channel)
    expect(outcome).toMatch(/^CHANNEL_ERROR: You do not have permissions to read from this Channel topic/)
    expect(await owner.channel.send({ type: 'broadcast', event: 'wave', payload: { item: 'secret' } })).toBe(
      'ok',
    )
    // The owner's own second tab hears the broadcast; by then the stranger would have too.
    const secondTab = room(ada, privateWall)
    await enter(secondTab)
    await owner.channel.send({ type: 'broadcast', event: 'wave', payload: { item: 'secret-2' } })
    await secondTab.until(() => secondTab.broadcasts.length > 0, 'the second tab to hear the owner')
    expect(stranger.broadcasts).toEqual([])
    expect(stranger.state()).toEqual({})
    await close(stranger)

    // A guest (anon key) is refused the same way.
    const guest = room(null, privateWall)
    expect(await subscribeOutcome(guest.channel)).toMatch(/^CHANNEL_ERROR: You do not have permissions/)
    await close(owner)
    await close(secondTab)
  })

  it('shuts members out when the wall turns private', async () => {
    const wall = await makeWall(stack, ada.id)
    const b = room(ben, wall)
    await b.channel.socket.setAuth()
    const closed = new Promise<string>((resolve) =>
      b.channel.subscribe((status) => {
        if (status !== REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve(status)
      }),
    )
    await b.until(() => b.channel.state === 'joined', 'ben to join')
    await ada.client.from('walls').update({ private: true }).eq('id', wall)
    // The real server's way: a system error, then phx_close, which supabase-js reports as CLOSED.
    expect(await closed).toBe(REALTIME_SUBSCRIBE_STATES.CLOSED)
    await close(b)
  })

  it('shows guests as Guest with no identity, and lets them neither spoof nor broadcast on a wall', async () => {
    const a = room(ada, publicWall)
    await enter(a)
    const g = room(null, publicWall, { presence: { key: ada.id } })
    await enter(g)
    await g.channel.track({
      user_id: ada.id,
      username: ada.username,
      display_name: 'Ada L',
      guest: false,
      mood: 'hi',
    })
    await a.until(() => Object.keys(a.state()).some((k) => k.startsWith('guest:')), 'the guest to appear')
    expect(a.state()[ada.id]).toBeUndefined()
    const [key, metas] = Object.entries(a.state()).find(([k]) => k.startsWith('guest:'))!
    expect(key).not.toContain(ada.id)
    expect(metas[0]).toMatchObject({
      user_id: null,
      username: null,
      display_name: 'Guest',
      avatar_path: null,
      guest: true,
      mood: 'hi',
    })
    await g.channel.send({ type: 'broadcast', event: 'wave', payload: { item: 'p1' } })
    // Ada's own broadcast to herself (self is off) is not needed: a marker from Ben orders delivery.
    const b = room(ben, publicWall)
    await enter(b)
    await b.channel.send({ type: 'broadcast', event: 'marker', payload: {} })
    await a.until(() => a.broadcasts.some((m) => m.event === 'marker'), 'the marker')
    expect(a.broadcasts.map((m) => m.event)).toEqual(['marker'])
    await close(a)
    await close(b)
  })

  it('refuses a spoofed identity: the presence is keyed and named by the token, whatever the client claims', async () => {
    const a = room(ada, publicWall)
    await enter(a)
    const e = room(eve, publicWall, { presence: { key: ada.id } })
    await enter(e)
    await e.channel.track({
      user_id: ada.id,
      username: ada.username,
      display_name: 'Ada L',
      avatar_path: 'x',
    })
    await a.until(() => eve.id in a.state(), 'eve to appear as herself')
    expect(a.state()[ada.id]).toBeUndefined()
    expect(a.state()[eve.id]![0]).toMatchObject({
      user_id: eve.id,
      username: eve.username,
      display_name: null,
      avatar_path: null,
    })
    await e.channel.send({
      type: 'broadcast',
      event: 'wave',
      payload: { item: 'p1' },
      meta: { sender: ada.id },
    })
    await a.until(() => a.broadcasts.length > 0, 'eve’s drag')
    expect(a.broadcasts[0]!.meta).toEqual({ sender: eve.id })
    await close(e)
    await close(a)
  })

  it('hides a user who set hide_presence, at once and without the client’s help, and shows them again', async () => {
    const a = room(ada, publicWall)
    await enter(a)
    const b = room(ben, publicWall)
    await enter(b)
    await b.channel.track({})
    await a.until(() => ben.id in a.state(), 'ben to appear')
    await ben.client.from('profiles').update({ hide_presence: true }).eq('id', ben.id)
    await a.until(() => !(ben.id in a.state()), 'ben to vanish')
    await b.channel.send({ type: 'broadcast', event: 'wave', payload: { item: 'p9' } })
    await a.until(() => a.broadcasts.length > 0, 'ben’s drag')
    expect(a.broadcasts[0]!.meta).toEqual({ sender: null })

    // A fresh join while hidden announces nothing either.
    const b2 = room(ben, publicWall)
    await enter(b2)
    await b2.channel.track({})
    await ben.client.from('profiles').update({ hide_presence: false }).eq('id', ben.id)
    await a.until(() => a.state()[ben.id]?.length === 2, 'both of ben’s tabs to reappear')
    await close(b)
    await close(b2)
    await a.until(() => !(ben.id in a.state()), 'ben to leave')
    await close(a)
  })

  it('rate-limits broadcasts per member on the server', async () => {
    const a = room(ada, publicWall, { broadcast: { ack: true } })
    await enter(a)
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        a.channel.send({ type: 'broadcast', event: 'wave', payload: { n } }),
      ),
    )
    expect(results.filter((r) => r === 'ok').length).toBeLessThan(40)
    expect(results.filter((r) => r === 'ok').length).toBeGreaterThanOrEqual(20)
    await close(a)
  })
})
