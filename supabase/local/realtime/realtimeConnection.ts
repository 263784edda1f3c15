// One WebSocket speaking the Phoenix channel protocol as realtime-js 2.119.1 does: heartbeats, joins
// with postgres_changes bindings, token updates and leaves. Frames are handled one at a time in
// arrival order, so a token update is in force before anything the client sends after it.
import type WebSocket from 'ws'
import type { RawData } from 'ws'
import type { RequestAuth } from '../db/asRole'
import type { StackContext } from '../context'
import { resolveToken } from '../requestAuth'
import type { PhoenixFrame, Vsn } from './phoenixFrame'
import { decodeFrame, encodeFrame } from './phoenixFrame'
import type { PostgresBinding } from './postgresBindings'
import { BindingError, parseBindings } from './postgresBindings'
import type { PublishedTable } from './publishedTables'
import type { PresenceRooms } from './presence'
import type { Channel } from './channel'
import { mayReadWall, newRoom, resolveIdentity, roomRefusal, wallOfChannel } from './presence'
import { decodeUserBroadcastPush } from './broadcastFrame'

/** What every connection shares with the service. */
export interface RealtimeHub {
  ctx: StackContext
  tables(): ReadonlyMap<string, PublishedTable>
  nextBindingId(): number
  /** Presence and broadcast members by topic. */
  rooms: PresenceRooms
}


const TOPIC_PREFIX = 'realtime:'
/** Channels one socket may have joined at once (the app uses a handful). */
export const MAX_CHANNELS_PER_SOCKET = 100
/** A client that stopped reading is dropped rather than buffered for without bound. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024

function authKeyOf(auth: RequestAuth): string {
  return `${auth.role}:${JSON.stringify(auth.claims)}`
}

function expiryOf(auth: RequestAuth): number | null {
  return typeof auth.claims.exp === 'number' ? auth.claims.exp : null
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data
  if (Array.isArray(data)) return Buffer.concat(data)
  return Buffer.from(data)
}

function rawText(data: RawData): string {
  return toBuffer(data).toString('utf8')
}

export class RealtimeConnection {
  readonly channels = new Map<string, Channel>()
  lastSeen = Date.now()
  private work: Promise<void> = Promise.resolve()

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    private readonly apikey: string,
    private readonly hub: RealtimeHub,
  ) {
    ws.on('message', (data, isBinary) => {
      this.lastSeen = Date.now()
      // Binary frames carry only user broadcasts (realtime-js encodes every `broadcast` push so).
      const frame = isBinary ? decodeUserBroadcastPush(toBuffer(data)) : decodeFrame(vsn, rawText(data))
      if (!frame) return
      this.work = this.work
        .then(() => this.handle(frame))
        .catch((error: unknown) => console.error('realtime: frame failed', frame.event, error))
    })
  }

  /** Whether this socket shows someone's presence on some channel (it is then held to a shorter idle limit). */
  get showsPresence(): boolean {
    for (const channel of this.channels.values()) if (channel.room?.tracked) return true
    return false
  }

  get isOpen(): boolean {
    return this.ws.readyState === this.ws.OPEN
  }

  send(text: string): void {
    if (!this.isOpen) return
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate()
      return
    }
    this.ws.send(text)
  }

  push(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void {
    this.send(encodeFrame(this.vsn, joinRef, ref, topic, event, JSON.stringify(payload)))
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.CLOSED) return
    this.ws.close(code, reason)
  }

  terminate(): void {
    this.ws.terminate()
  }

  /** Ends a channel the way the real server does: a system error, then phx_close (no rejoin). */
  shutDown(channel: Channel, message: string): void {
    if (this.channels.get(channel.topic) !== channel) return
    this.channels.delete(channel.topic)
    this.hub.rooms.remove(channel)
    this.push(channel.joinRef, null, channel.topic, 'system', {
      channel: channel.name,
      extension: 'system',
      message,
      status: 'error',
    })
    this.push(channel.joinRef, null, channel.topic, 'phx_close', {})
  }

  private reply(frame: PhoenixFrame, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.push(frame.joinRef, frame.ref, frame.topic, 'phx_reply', { status, response })
  }

  private async handle(frame: PhoenixFrame): Promise<void> {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') this.reply(frame, 'ok', {})
      else this.reply(frame, 'error', { reason: 'unmatched topic' })
      return
    }
    switch (frame.event) {
      case 'phx_join':
        return this.join(frame)
      case 'phx_leave':
        return this.leave(frame)
      case 'access_token':
        return this.updateToken(frame)
    }
    if (!this.channels.has(frame.topic)) {
      this.reply(frame, 'error', { reason: 'unmatched topic' })
      return
    }
    const channel = this.channels.get(frame.topic)!
    if (frame.event === 'presence') return this.presence(frame, channel)
    if (frame.event === 'broadcast') return this.broadcast(frame, channel)
    this.reply(frame, 'error', { reason: `unsupported event ${frame.event}` })
  }

  private presence(frame: PhoenixFrame, channel: Channel): void {
    const { event, payload } = frame.payload
    if (event === 'track') {
      const refused = this.hub.rooms.track(channel, payload)
      if (refused) this.reply(frame, 'error', { reason: refused })
      else this.reply(frame, 'ok', {})
    } else if (event === 'untrack') {
      this.hub.rooms.untrack(channel)
      this.reply(frame, 'ok', {})
    } else {
      this.reply(frame, 'error', { reason: `unsupported presence event ${String(event)}` })
    }
  }

  private async broadcast(frame: PhoenixFrame, channel: Channel): Promise<void> {
    const { event, payload } = frame.payload
    const ack = channel.room?.broadcastAck === true
    let payloadJson: string | undefined
    if (typeof event === 'string' && event !== '') {
      payloadJson = frame.rawPayloadJson ?? JSON.stringify(payload ?? {})
    }
    const refused =
      payloadJson === undefined
        ? 'a broadcast needs an event name'
        : await this.hub.rooms.broadcast(this, channel, event as string, payloadJson)
    // realtime-js waits for a reply only when the join asked for acknowledgements.
    if (!ack || frame.ref === null) return
    if (refused) this.reply(frame, 'error', { reason: refused })
    else this.reply(frame, 'ok', {})
  }

  private async authorize(
    token: unknown,
  ): Promise<{ ok: true; auth: RequestAuth } | { ok: false; reason: string }> {
    const { config, keys } = this.hub.ctx
    const resolved = await resolveToken(
      config.jwtSecret,
      keys,
      typeof token === 'string' && token ? token : this.apikey,
    )
    return resolved.ok ? { ok: true, auth: resolved.auth } : { ok: false, reason: resolved.message }
  }

  private async join(frame: PhoenixFrame): Promise<void> {
    if (!frame.topic.startsWith(TOPIC_PREFIX)) {
      this.reply(frame, 'error', { reason: 'unmatched topic' })
      return
    }
    // A new join on a topic replaces the previous one, whatever its outcome.
    const previous = this.channels.get(frame.topic)
    if (previous) this.hub.rooms.remove(previous)
    this.channels.delete(frame.topic)
    const authorized = await this.authorize(frame.payload.access_token)
    if (!authorized.ok) {
      this.reply(frame, 'error', { reason: authorized.reason })
      return
    }
    const config = frame.payload.config
    const configObject =
      typeof config === 'object' && config !== null ? (config as Record<string, unknown>) : {}
    let bindings: PostgresBinding[]
    try {
      bindings = parseBindings(configObject.postgres_changes, this.hub.tables(), () =>
        this.hub.nextBindingId(),
      )
    } catch (error) {
      if (!(error instanceof BindingError)) throw error
      this.reply(frame, 'error', { reason: error.message })
      return
    }
    const name = frame.topic.slice(TOPIC_PREFIX.length)
    const wallId = wallOfChannel(name)
    if (wallId !== null && !(await mayReadWall(this.hub.ctx.db, authorized.auth, wallId))) {
      this.reply(frame, 'error', { reason: roomRefusal(wallId) })
      return
    }
    const identity = await resolveIdentity(this.hub.ctx.db, authorized.auth, this.hub.rooms.newGuestKey())
    const tooMany =
      this.channels.size >= MAX_CHANNELS_PER_SOCKET
        ? `too many channels: at most ${MAX_CHANNELS_PER_SOCKET} per connection`
        : this.hub.rooms.joinRefusal(this, identity.userId)
    if (tooMany) {
      this.reply(frame, 'error', { reason: tooMany })
      return
    }
    const channel: Channel = {
      topic: frame.topic,
      name,
      joinRef: frame.joinRef ?? frame.ref,
      bindings,
      auth: authorized.auth,
      authKey: authKeyOf(authorized.auth),
      expiresAt: expiryOf(authorized.auth),
      room: newRoom(identity, wallId, configObject),
    }
    this.channels.set(frame.topic, channel)
    this.reply(frame, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.echo, id: b.id })) })
    // Sends presence_state when the join enabled presence.
    this.hub.rooms.add(this, channel)
    if (bindings.length > 0) {
      this.push(channel.joinRef, null, frame.topic, 'system', {
        channel: name,
        extension: 'postgres_changes',
        message: 'Subscribed to PostgreSQL',
        status: 'ok',
      })
    }
  }

  private leave(frame: PhoenixFrame): void {
    const channel = this.channels.get(frame.topic)
    // A leave left over from an earlier join must not end the current one.
    if (channel && (frame.joinRef === null || frame.joinRef === channel.joinRef)) {
      this.hub.rooms.remove(channel)
      this.channels.delete(frame.topic)
    }
    this.reply(frame, 'ok', {})
  }

  private async updateToken(frame: PhoenixFrame): Promise<void> {
    const channel = this.channels.get(frame.topic)
    const token = frame.payload.access_token
    if (!channel || typeof token !== 'string' || token === '') return
    const authorized = await this.authorize(token)
    if (this.channels.get(frame.topic) !== channel) return
    if (!authorized.ok) {
      this.shutDown(channel, authorized.reason)
      return
    }
    channel.auth = authorized.auth
    channel.authKey = authKeyOf(authorized.auth)
    channel.expiresAt = expiryOf(authorized.auth)
    if (channel.room) await this.hub.rooms.recheck((c) => c === channel)
  }
}
