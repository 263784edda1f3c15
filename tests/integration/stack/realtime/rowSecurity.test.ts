// Row-level security decides who hears about a change: a private wall's polaroids reach its owner and
// nobody else, a public wall's reach signed-out visitors, and an access_token update changes what an
// open channel may see. Negative checks wait for a later change on the same socket, which arrives
// only after the earlier one was decided.
import type { SupabaseClient } from '@supabase/supabase-js'
import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { Inbox, addPolaroid, makeWall, newId, rowId, subscribe } from './realtimeKit'

describe('realtime row-level security', () => {
  let stack: TestStack
  let owner: TestUser
  let stranger: TestUser
  let privateWall: string
  let publicWall: string
  const clients: SupabaseClient[] = []

  beforeAll(async () => {
    stack = await startTestStack()
    owner = await createTestUser(stack)
    stranger = await createTestUser(stack)
    privateWall = await makeWall(stack, owner.id, { private: true })
    publicWall = await makeWall(stack, owner.id)
    clients.push(owner.client, stranger.client)
  })

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()))
    await stack.close()
  })

  function anonClient(): SupabaseClient {
    const client = stack.client()
    clients.push(client)
    return client
  }

  function watch(client: SupabaseClient, wallId: string): { inbox: Inbox; ready: Promise<unknown> } {
    const inbox = new Inbox()
    const channel = client
      .channel(newId('wall'))
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'polaroids', filter: `wall_id=eq.${wallId}` },
        inbox.receive,
      )
    return { inbox, ready: subscribe(channel) }
  }

  /** Resolves once every frame the client sent before has been handled by the server. */
  async function roundTrip(client: SupabaseClient): Promise<void> {
    const channel = await subscribe(client.channel(newId('barrier')))
    await client.removeChannel(channel)
  }

  it("sends a private wall's changes to its owner and never to a stranger or a signed-out visitor", async () => {
    const anon = anonClient()
    const ownerView = watch(owner.client, privateWall)
    const strangerView = watch(stranger.client, privateWall)
    const strangerPublic = watch(stranger.client, publicWall)
    const anonView = watch(anon, privateWall)
    const anonPublic = watch(anon, publicWall)
    await Promise.all([ownerView, strangerView, strangerPublic, anonView, anonPublic].map((v) => v.ready))

    const secret = await addPolaroid(stack, privateWall, owner.id)
    await stack.db.query('update public.polaroids set x = 9 where id = $1', [secret])
    const open = await addPolaroid(stack, publicWall, owner.id)

    await ownerView.inbox.waitFor((e) => e.eventType === 'UPDATE' && e.new.id === secret)
    await strangerPublic.inbox.waitFor(rowId(open))
    await anonPublic.inbox.waitFor(rowId(open))
    expect(ownerView.inbox.about(secret).map((e) => e.eventType)).toEqual(['INSERT', 'UPDATE'])
    expect(strangerView.inbox.events).toEqual([])
    expect(anonView.inbox.events).toEqual([])
  })

  it("sends a public wall's changes to signed-out visitors", async () => {
    const anon = anonClient()
    const view = watch(anon, publicWall)
    await view.ready
    const id = await addPolaroid(stack, publicWall, owner.id)
    const event = await view.inbox.waitFor(rowId(id))
    expect(event.eventType).toBe('INSERT')
    expect(event.new.wall_id).toBe(publicWall)
  })

  it('stops sending once a wall turns private, for everyone but its owner', async () => {
    const wall = await makeWall(stack, owner.id)
    const anon = anonClient()
    const anonView = watch(anon, wall)
    const anonPublic = watch(anon, publicWall)
    const ownerView = watch(owner.client, wall)
    await Promise.all([anonView.ready, anonPublic.ready, ownerView.ready])
    const before = await addPolaroid(stack, wall, owner.id)
    await anonView.inbox.waitFor(rowId(before))

    await stack.db.query('update public.walls set private = true where id = $1', [wall])
    const after = await addPolaroid(stack, wall, owner.id)
    const sentinel = await addPolaroid(stack, publicWall, owner.id)
    await ownerView.inbox.waitFor(rowId(after))
    await anonPublic.inbox.waitFor(rowId(sentinel))
    expect(anonView.inbox.about(after)).toEqual([])
  })

  it('re-authorizes an open channel when the client pushes a new access_token', async () => {
    const client = anonClient()
    const view = watch(client, privateWall)
    const sentinelView = watch(client, publicWall)
    await Promise.all([view.ready, sentinelView.ready])

    const hidden = await addPolaroid(stack, privateWall, owner.id)
    await sentinelView.inbox.waitFor(rowId(await addPolaroid(stack, publicWall, owner.id)))
    expect(view.inbox.about(hidden)).toEqual([])

    await client.realtime.setAuth(owner.accessToken)
    await roundTrip(client)
    const shown = await addPolaroid(stack, privateWall, owner.id)
    await view.inbox.waitFor(rowId(shown))

    // Signing out pushes the anon key itself, which is not a JWT but must be accepted as anon.
    await client.realtime.setAuth(stack.anonKey)
    await roundTrip(client)
    const hiddenAgain = await addPolaroid(stack, privateWall, owner.id)
    await sentinelView.inbox.waitFor(rowId(await addPolaroid(stack, publicWall, owner.id)))
    expect(view.inbox.about(hiddenAgain)).toEqual([])
  })

  it('refuses a join whose token is not valid, with "Invalid JWT"', async () => {
    const client = anonClient()
    await client.realtime.setAuth('not-a-valid-token')
    const channel = client
      .channel(newId('bad'))
      .on('postgres_changes', { event: '*', schema: 'public', table: 'polaroids' }, () => undefined)
    await expect(subscribe(channel)).rejects.toThrow('CHANNEL_ERROR: Invalid JWT')
    await client.removeChannel(channel)
  })

  it('closes a channel whose token is replaced by an invalid one', async () => {
    const client = anonClient()
    const statuses: string[] = []
    const system: unknown[] = []
    const channel = client
      .channel(newId('closing'))
      .on('system', {}, (payload: unknown) => system.push(payload))
      .on('postgres_changes', { event: '*', schema: 'public', table: 'polaroids' }, () => undefined)
    await new Promise<void>((resolve) =>
      channel.subscribe((status) => {
        statuses.push(status)
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve()
      }),
    )
    await client.realtime.setAuth('not-a-valid-token')
    await expect.poll(() => statuses).toContain('CLOSED')
    expect(system).toContainEqual(expect.objectContaining({ status: 'error', message: 'Invalid JWT' }))
  })

  it('sends hard deletes to every subscriber of the table with the primary key only', async () => {
    const strangerView = watch(stranger.client, privateWall)
    await strangerView.ready
    const id = await addPolaroid(stack, privateWall, owner.id)
    await stack.db.query('delete from public.polaroids where id = $1', [id])
    const deleted = await strangerView.inbox.waitFor(rowId(id))
    expect(deleted.eventType).toBe('DELETE')
    expect(deleted.old).toEqual({ id })
    expect(strangerView.inbox.about(id).map((e) => e.eventType)).toEqual(['DELETE'])
  })
})
