// Presence and broadcast for the local Realtime server, as realtime-js 2.119.1 speaks them:
// `presence_state` once after a join with presence enabled, then `presence_diff` frames
// ({joins, leaves}, each `{key: {metas: [{phx_ref, ...meta}]}}`), and `broadcast` frames
// `{type: 'broadcast', event, payload}` to every other member of the topic (and the sender too when
// its join said `broadcast.self`).
//
// The server, not the client, decides who a presence is: the key is the user id from the verified
// token (guests get a random key and appear as 'Guest' with no identity), `config.presence.key` is
// ignored, and the identity fields of a tracked payload are overwritten from the profile. A profile
// with `hide_presence` is never announced. Broadcasts carry `meta.sender`, the sender's presence key
// (null when hidden or a guest), stamped here.
//
// Channels named `presence:wall:<wall id>` are the walls' rooms: joining one needs SELECT on the wall
// under the channel's own role and claims (the walls' row-level security), and members who lose it
// (the wall turned private, was deleted, or the token changed) are shut out. A `drag` broadcast on a
// wall's room is relayed only from someone who may move that card (its creator or the wall's owner).
//
// Limits belong to the person, not the join: the broadcast budget is one bucket per user (a guest's
// per socket), so leaving and joining again does not refill it, and one user holds at most
// MAX_CHANNELS_PER_USER channels on at most MAX_SOCKETS_PER_USER sockets.
import { randomUUID } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import type { RequestAuth } from '../db/asRole'
import { asRole } from '../db/asRole'
import { encodeFrame } from './phoenixFrame'
import type { Channel, ChannelConnection, ChannelRoom, Identity } from './channel'

const WALL_ROOM_PREFIX = 'presence:wall:'
/** Identity fields the server writes into every presence meta; a client's values are dropped. */
const IDENTITY_FIELDS = ['user_id', 'username', 'display_name', 'avatar_path', 'guest'] as const
const RESERVED_FIELDS = new Set<string>([...IDENTITY_FIELDS, 'phx_ref', 'phx_ref_prev', 'presence_ref'])
/** The largest tracked payload accepted, in bytes of JSON. */
const MAX_PRESENCE_BYTES = 2048
/** The largest broadcast payload relayed, in bytes of JSON. */
const MAX_BROADCAST_BYTES = 16 * 1024
/** Broadcasts per member: a bucket of this many, refilled at this rate per second. */
export const BROADCAST_BURST = 25
const BROADCAST_PER_SECOND = 20
/** Channels one user may have joined at once (over all their sockets), and sockets they may use. */
export const MAX_CHANNELS_PER_USER = 100
export const MAX_SOCKETS_PER_USER = 20
/** How long a "may move this card" answer is reused while a drag goes on. */
const MOVE_CHECK_TTL_MS = 5_000

interface Member {
  connection: ChannelConnection
  channel: Channel
}

export function wallOfChannel(name: string): string | null {
  if (!name.startsWith(WALL_ROOM_PREFIX)) return null
  return name.slice(WALL_ROOM_PREFIX.length)
}

export async function resolveIdentity(db: PGlite, auth: RequestAuth, guestKey: string): Promise<Identity> {
  const sub = auth.claims.sub
  if (auth.role !== 'authenticated' || typeof sub !== 'string' || sub === '') {
    return {
      key: guestKey,
      userId: null,
      username: null,
      displayName: 'Guest',
      avatarPath: null,
      guest: true,
      hidden: false,
    }
  }
  const { rows } = await db.query<{
    username: string
    display_name: string | null
    avatar_path: string | null
    hide_presence: boolean
  }>(
    `select username, display_name, avatar_path, hide_presence
       from public.profiles where id = $1 and deleted_at is null`,
    [sub],
  )
  const profile = rows[0]
  return {
    key: sub,
    userId: sub,
    username: profile?.username ?? null,
    displayName: profile?.display_name ?? null,
    avatarPath: profile?.avatar_path ?? null,
    guest: false,
    hidden: profile?.hide_presence ?? false,
  }
}

/** Whether this role and these claims may read the wall, as a REST read would decide. */
export async function mayReadWall(db: PGlite, auth: RequestAuth, wallId: string): Promise<boolean> {
  return asRole(db, auth, async (tx) => {
    const { rows } = await tx.query('select 1 from public.walls where id = $1 and deleted_at is null', [
      wallId,
    ])
    return rows.length > 0
  })
}

export function roomRefusal(wallId: string): string {
  return `You do not have permissions to read from this Channel topic: ${WALL_ROOM_PREFIX}${wallId}`
}

function identityMeta(identity: Identity): Record<string, unknown> {
  return {
    user_id: identity.userId,
    username: identity.username,
    display_name: identity.displayName,
    avatar_path: identity.avatarPath,
    guest: identity.guest,
  }
}

/** The client's payload without the fields the server owns; null when it is too big or not an object. */
function cleanPresencePayload(payload: unknown): Record<string, unknown> | null {
  if (payload === undefined || payload === null) return {}
  if (typeof payload !== 'object' || Array.isArray(payload)) return null
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(payload as Record<string, unknown>)) {
    if (!RESERVED_FIELDS.has(k) && k !== '__proto__') out[k] = v
  }
  if (JSON.stringify(out).length > MAX_PRESENCE_BYTES) return null
  return out
}

function sameIdentity(a: Identity, b: Identity): boolean {
  return (
    a.key === b.key &&
    a.username === b.username &&
    a.displayName === b.displayName &&
    a.avatarPath === b.avatarPath &&
    a.hidden === b.hidden
  )
}

type Metas = Record<string, { metas: Array<Record<string, unknown>> }>

interface Bucket {
  tokens: number
  at: number
}

/** Whether `userId` may move card `itemId` of `wallId`: its creator or the wall's owner. */
async function mayMoveCard(db: PGlite, wallId: string, userId: string, itemId: string): Promise<boolean> {
  const { rows } = await db.query<{ may: boolean }>(
    `select exists (
       select 1 from public.polaroids p join public.walls w on w.id = p.wall_id
        where p.id = $3 and p.wall_id = $1 and p.deleted_at is null and w.deleted_at is null
          and (p.created_by = $2::uuid or w.owner_id = $2::uuid)
     ) or exists (
       select 1 from public.wall_stickers s join public.walls w on w.id = s.wall_id
        where s.id = $3 and s.wall_id = $1 and s.deleted_at is null and w.deleted_at is null
          and (s.created_by = $2::uuid or w.owner_id = $2::uuid)
     ) as may`,
    [wallId, userId, itemId],
  )
  return rows[0]?.may === true
}

function dragItemOf(payloadJson: string): string | null {
  try {
    const payload = JSON.parse(payloadJson) as unknown
    const item = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).item : null
    return typeof item === 'string' && item.length > 0 && item.length <= 200 ? item : null
  } catch {
    return null
  }
}

export class PresenceRooms {
  private readonly topics = new Map<string, Set<Member>>()
  private lastRef = 0
  /** Broadcast budgets: one per signed-in user, one per socket for guests. */
  private readonly userBuckets = new Map<string, Bucket>()
  private readonly guestBuckets = new WeakMap<ChannelConnection, Bucket>()
  private readonly moveChecks = new Map<string, { may: boolean; at: number }>()

  constructor(private readonly db: PGlite) {}

  private nextRef(): string {
    this.lastRef += 1
    return `${Date.now().toString(36)}-${this.lastRef.toString(36)}`
  }

  newGuestKey(): string {
    return `guest:${randomUUID()}`
  }

  add(connection: ChannelConnection, channel: Channel): void {
    let set = this.topics.get(channel.topic)
    if (!set) this.topics.set(channel.topic, (set = new Set()))
    set.add({ connection, channel })
    if (channel.room?.presenceEnabled) {
      connection.push(channel.joinRef, null, channel.topic, 'presence_state', this.state(channel.topic))
    }
  }

  /** Takes a channel out of its topic, announcing its presence's leave. */
  remove(channel: Channel): void {
    const set = this.topics.get(channel.topic)
    if (!set) return
    for (const member of set) {
      if (member.channel !== channel) continue
      set.delete(member)
      const room = channel.room
      if (room?.tracked) {
        const left = room.tracked
        room.tracked = null
        if (!room.identity.hidden)
          this.diff(channel.topic, {}, { [room.identity.key]: { metas: [this.metaOf(left)] } })
      }
    }
    if (set.size === 0) this.topics.delete(channel.topic)
  }

  /** Why this user may not join one more channel on `connection`, or null when they may. */
  joinRefusal(connection: ChannelConnection, userId: string | null): string | null {
    if (userId === null) return null
    let channels = 0
    const sockets = new Set<ChannelConnection>()
    for (const set of this.topics.values()) {
      for (const member of set) {
        if (member.channel.room?.identity.userId !== userId) continue
        channels += 1
        sockets.add(member.connection)
      }
    }
    if (channels >= MAX_CHANNELS_PER_USER) return `too many channels: at most ${MAX_CHANNELS_PER_USER} per user`
    if (!sockets.has(connection) && sockets.size >= MAX_SOCKETS_PER_USER) {
      return `too many connections: at most ${MAX_SOCKETS_PER_USER} per user`
    }
    return null
  }

  private spend(from: ChannelConnection, identity: Identity): boolean {
    const now = Date.now()
    let bucket = identity.userId ? this.userBuckets.get(identity.userId) : this.guestBuckets.get(from)
    if (!bucket) {
      bucket = { tokens: BROADCAST_BURST, at: now }
      if (identity.userId) {
        if (this.userBuckets.size > 10_000) this.forgetFullBuckets(now)
        this.userBuckets.set(identity.userId, bucket)
      } else this.guestBuckets.set(from, bucket)
    }
    bucket.tokens = Math.min(BROADCAST_BURST, bucket.tokens + ((now - bucket.at) / 1000) * BROADCAST_PER_SECOND)
    bucket.at = now
    if (bucket.tokens < 1) return false
    bucket.tokens -= 1
    return true
  }

  private forgetFullBuckets(now: number): void {
    for (const [user, bucket] of this.userBuckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * BROADCAST_PER_SECOND >= BROADCAST_BURST) {
        this.userBuckets.delete(user)
      }
    }
  }

  private async mayMove(wallId: string, userId: string, itemId: string): Promise<boolean> {
    const key = `${wallId}\n${userId}\n${itemId}`
    const now = Date.now()
    const known = this.moveChecks.get(key)
    if (known && now - known.at < MOVE_CHECK_TTL_MS) return known.may
    if (this.moveChecks.size > 10_000) {
      for (const [k, v] of this.moveChecks) if (now - v.at >= MOVE_CHECK_TTL_MS) this.moveChecks.delete(k)
    }
    const may = await mayMoveCard(this.db, wallId, userId, itemId)
    this.moveChecks.set(key, { may, at: now })
    return may
  }

  removeConnection(connection: ChannelConnection): void {
    for (const channel of connection.channels.values()) this.remove(channel)
  }

  private metaOf(tracked: { ref: string; meta: Record<string, unknown> }): Record<string, unknown> {
    return { ...tracked.meta, phx_ref: tracked.ref }
  }

  state(topic: string): Metas {
    const out: Metas = {}
    for (const { channel } of this.topics.get(topic) ?? []) {
      const room = channel.room
      if (!room?.tracked || room.identity.hidden) continue
      const entry = (out[room.identity.key] ??= { metas: [] })
      entry.metas.push(this.metaOf(room.tracked))
    }
    return out
  }

  private diff(topic: string, joins: Metas, leaves: Metas): void {
    if (Object.keys(joins).length === 0 && Object.keys(leaves).length === 0) return
    const payload = JSON.stringify({ joins, leaves })
    for (const { connection, channel } of this.topics.get(topic) ?? []) {
      if (!channel.room?.presenceEnabled) continue
      connection.send(encodeFrame(connection.vsn, channel.joinRef, null, topic, 'presence_diff', payload))
    }
  }

  /** Tracks (or re-tracks) the channel's presence. Returns an error reason, or null when accepted. */
  track(channel: Channel, payload: unknown): string | null {
    const room = channel.room
    if (!room) return 'unmatched topic'
    const clean = cleanPresencePayload(payload)
    if (!clean) return `presence payload must be an object of at most ${MAX_PRESENCE_BYTES} bytes`
    const previous = room.tracked
    room.tracked = { ref: this.nextRef(), meta: { ...clean, ...identityMeta(room.identity) } }
    if (room.identity.hidden) return null
    const key = room.identity.key
    this.diff(
      channel.topic,
      { [key]: { metas: [this.metaOf(room.tracked)] } },
      previous ? { [key]: { metas: [this.metaOf(previous)] } } : {},
    )
    return null
  }

  untrack(channel: Channel): void {
    const room = channel.room
    if (!room?.tracked) return
    const left = room.tracked
    room.tracked = null
    if (!room.identity.hidden)
      this.diff(channel.topic, {}, { [room.identity.key]: { metas: [this.metaOf(left)] } })
  }

  /** Relays a broadcast. Returns an error reason, or null when relayed. */
  async broadcast(
    from: ChannelConnection,
    channel: Channel,
    event: string,
    payloadJson: string,
  ): Promise<string | null> {
    const room = channel.room
    if (!room) return 'unmatched topic'
    if (room.wallId !== null && room.identity.guest) return 'Guests may not broadcast on a wall'
    if (payloadJson.length > MAX_BROADCAST_BYTES) return `broadcast payload over ${MAX_BROADCAST_BYTES} bytes`
    if (!this.spend(from, room.identity)) return 'rate limited: too many broadcasts'
    if (room.wallId !== null && event === 'drag') {
      const item = dragItemOf(payloadJson)
      if (!item || !room.identity.userId || !(await this.mayMove(room.wallId, room.identity.userId, item))) {
        return 'You may not move that card'
      }
      // The channel may have been left or shut while the check ran.
      if (from.channels.get(channel.topic) !== channel) return 'unmatched topic'
    }
    const sender = room.identity.hidden || room.identity.guest ? null : room.identity.key
    const body = `{"type":"broadcast","event":${JSON.stringify(event)},"payload":${payloadJson},"meta":{"sender":${JSON.stringify(sender)}}}`
    for (const { connection, channel: other } of this.topics.get(channel.topic) ?? []) {
      if (connection === from && other === channel && !room.broadcastSelf) continue
      connection.send(encodeFrame(connection.vsn, null, null, channel.topic, 'broadcast', body))
    }
    return null
  }

  /**
   * Re-decides identity and access for the members matching `which` (after a token update, or a
   * change to a profile or a wall). Members who may no longer read their wall are shut out.
   */
  async recheck(which: (channel: Channel) => boolean): Promise<void> {
    const members: Member[] = []
    for (const set of this.topics.values()) for (const m of set) if (which(m.channel)) members.push(m)
    for (const { connection, channel } of members) {
      const room = channel.room
      if (!room || connection.channels.get(channel.topic) !== channel) continue
      if (room.wallId !== null && !(await mayReadWall(this.db, channel.auth, room.wallId))) {
        this.remove(channel)
        connection.shutDown(channel, roomRefusal(room.wallId))
        continue
      }
      const identity = await resolveIdentity(
        this.db,
        channel.auth,
        room.identity.guest ? room.identity.key : this.newGuestKey(),
      )
      if (sameIdentity(identity, room.identity)) continue
      const tracked = room.tracked
      if (tracked && !room.identity.hidden) {
        this.diff(channel.topic, {}, { [room.identity.key]: { metas: [this.metaOf(tracked)] } })
      }
      room.identity = identity
      if (tracked) {
        room.tracked = { ref: this.nextRef(), meta: { ...tracked.meta, ...identityMeta(identity) } }
        if (!identity.hidden) {
          this.diff(channel.topic, { [identity.key]: { metas: [this.metaOf(room.tracked)] } }, {})
        }
      }
    }
  }

  /** After committed changes: profiles and walls decide identities and access. */
  async afterChanges(
    changes: Array<{
      table: string
      record?: Record<string, unknown> | null
      oldRecord?: Record<string, unknown> | null
    }>,
  ): Promise<void> {
    if (this.topics.size === 0) return
    const users = new Set<string>()
    const walls = new Set<string>()
    for (const change of changes) {
      const id = change.record?.id ?? change.oldRecord?.id
      if (typeof id !== 'string') continue
      if (change.table === 'profiles') users.add(id)
      else if (change.table === 'walls') walls.add(id)
    }
    if (users.size === 0 && walls.size === 0) return
    await this.recheck(
      (channel) =>
        (channel.room?.identity.userId != null && users.has(channel.room.identity.userId)) ||
        (channel.room?.wallId != null && walls.has(channel.room.wallId)),
    )
  }
}

export function newRoom(
  identity: Identity,
  wallId: string | null,
  config: Record<string, unknown>,
): ChannelRoom {
  const presence = config.presence
  const broadcast = config.broadcast
  const p = typeof presence === 'object' && presence !== null ? (presence as Record<string, unknown>) : {}
  const b = typeof broadcast === 'object' && broadcast !== null ? (broadcast as Record<string, unknown>) : {}
  return {
    identity,
    wallId,
    presenceEnabled: p.enabled === true,
    broadcastSelf: b.self === true,
    broadcastAck: b.ack === true,
    tracked: null,
  }
}
