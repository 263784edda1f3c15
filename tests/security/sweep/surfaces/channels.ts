// One row per table of the realtime publication. An actor subscribes the way the app does, the
// owner's private row changes, then a public wall changes; once that public change has arrived (the
// socket delivers in commit order), every event about the private row that outsiders got is a leak,
// and so is any secret in any payload. The owner hearing of their own private row is the control.
import { randomBytes } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { createClient, REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { Case, Surface } from '../sweepTable'
import { forActors, outsiders } from '../sweepTable'
import { Inbox, rowId, subscribe } from '../../../integration/stack/realtime/realtimeKit'
import type { Actor, World } from '../../support/world'

interface ChannelSpec {
  table: string
  filter?(world: World): string
  /** The row whose change outsiders must not hear of. */
  privateRow(world: World): string
  /** Whether the owner must hear of it (false when the table has nothing private, e.g. profiles). */
  ownerHears: boolean
}

const clients = new Map<string, SupabaseClient>()

function clientOf(world: World, actor: Actor): SupabaseClient {
  if (actor === 'owner') return world.owner.client
  if (actor === 'stranger') return world.stranger.client
  let anon = clients.get(world.stack.url)
  if (!anon) clients.set(world.stack.url, (anon = world.stack.client()))
  return anon
}

async function touch(world: World, table: string, id: string): Promise<void> {
  await world.stack.db.query(`update public.${table} set id = id where id::text = $1`, [id])
}

async function listen(
  world: World,
  actor: Actor,
  spec: ChannelSpec,
): Promise<{ effect: boolean; seen: string }> {
  const client = clientOf(world, actor)
  const heard = new Inbox()
  const control = new Inbox()
  const filter = spec.filter?.(world)
  const channel = client
    .channel(`sweep-${spec.table}-${randomBytes(4).toString('hex')}`)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: spec.table, ...(filter ? { filter } : {}) },
      heard.receive,
    )
    .on(
      'postgres_changes',
      { event: 'UPDATE', schema: 'public', table: 'walls', filter: `id=eq.${world.publicWall}` },
      control.receive,
    )
  try {
    await subscribe(channel)
    const id = spec.privateRow(world)
    await touch(world, spec.table, id)
    await touch(world, 'walls', world.publicWall)
    await control.waitFor(rowId(world.publicWall))
    return { effect: heard.about(id).length > 0, seen: JSON.stringify(heard.events) }
  } finally {
    await client.removeChannel(channel)
  }
}

export function channel(spec: ChannelSpec): Surface {
  return {
    kind: 'channel',
    name: spec.table,
    cases(): Case[] {
      return [
        ...forActors(outsiders, 'refuse', 'hear of the owner’s private row', (w, actor) =>
          listen(w, actor, spec),
        ),
        ...(spec.ownerHears
          ? forActors(['owner'], 'allow', 'hear of the own private row', (w, actor) => listen(w, actor, spec))
          : []),
      ]
    },
  }
}

/** Profiles hold nothing private: outsiders may hear of changes, but never anything secret. */
function profilesChannel(): Surface {
  const spec: ChannelSpec = { table: 'profiles', privateRow: (w) => w.owner.id, ownerHears: true }
  return {
    kind: 'channel',
    name: 'profiles',
    cases: () =>
      forActors(outsiders, 'refuse', 'hear anything secret through profile changes', async (w, actor) => {
        const { seen } = await listen(w, actor, spec)
        return { effect: false, seen }
      }),
  }
}

/**
 * A private wall's presence room (issue 16): the owner is on it and broadcasts a drag; an outsider's
 * join must be refused and hear nothing of either. The owner's second tab is the control.
 */
function presenceRoom(): Surface {
  const hear = async (world: World, actor: Actor) => {
    const tab = () =>
      createClient(world.stack.url, world.stack.anonKey, {
        accessToken: () => Promise.resolve(world.owner.accessToken),
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      })
    const ownerTab = tab()
    const listenerClient = actor === 'owner' ? tab() : clientOf(world, actor)
    const topic = `presence:wall:${world.privateWall}`
    const heard: unknown[] = []
    await ownerTab.realtime.setAuth()
    const room = ownerTab.channel(topic, { config: { presence: { enabled: true } } })
    await subscribe(room)
    await room.track({ secret: world.secrets[0] })
    await listenerClient.realtime.setAuth()
    const listener = listenerClient
      .channel(topic, { config: { presence: { enabled: true } } })
      .on('presence', { event: 'join' }, (payload) => heard.push(payload))
      .on('broadcast', { event: 'drag' }, (payload) => heard.push(payload))
    const joined = await new Promise<boolean>((resolve) =>
      listener.subscribe((status) => resolve(status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED)),
    )
    try {
      if (joined) {
        await room.send({ type: 'broadcast', event: 'drag', payload: { item: world.privatePolaroid, x: 1, y: 2 } })
        // Joined: it hears the owner's presence and the drag (the owner's control), in order.
        const deadline = Date.now() + 5000
        while (heard.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      }
      return { effect: joined || heard.length > 0, seen: JSON.stringify(heard) }
    } finally {
      await listenerClient.removeChannel(listener)
      await ownerTab.removeAllChannels()
      await ownerTab.realtime.disconnect()
      if (actor === 'owner') await listenerClient.realtime.disconnect()
    }
  }
  return {
    kind: 'channel',
    name: 'presence room of a private wall',
    cases: () => [
      ...forActors(outsiders, 'refuse', 'join the room and see who is there or what they drag', hear),
      ...forActors(['owner'], 'allow', 'see their own other tab and its drags', hear),
    ],
  }
}

export const channels: Surface[] = [
  presenceRoom(),
  channel({ table: 'walls', privateRow: (w) => w.privateWall, ownerHears: true }),
  channel({
    table: 'polaroids',
    filter: (w) => `wall_id=eq.${w.privateWall}`,
    privateRow: (w) => w.privatePolaroid,
    ownerHears: true,
  }),
  channel({
    table: 'wall_stickers',
    filter: (w) => `wall_id=eq.${w.privateWall}`,
    privateRow: (w) => w.privateSticker,
    ownerHears: true,
  }),
  channel({ table: 'wardrobe_items', privateRow: (w) => w.privateItem, ownerHears: true }),
  channel({ table: 'clothing_tags', privateRow: (w) => w.privateTag, ownerHears: true }),
  channel({ table: 'processing_jobs', privateRow: (w) => w.job, ownerHears: true }),
  channel({ table: 'wears', privateRow: (w) => w.wear, ownerHears: true }),
  channel({ table: 'outfit_plans', privateRow: (w) => w.plan, ownerHears: true }),
  channel({ table: 'item_prices', privateRow: (w) => w.price, ownerHears: true }),
  profilesChannel(),
]
