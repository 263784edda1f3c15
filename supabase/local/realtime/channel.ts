// A channel join and what presence keeps about it, and the little of a connection presence uses:
// shared by the connection (realtimeConnection.ts), presence and change delivery, so that presence
// need not import the connection that imports it.
import type { RequestAuth } from '../db/asRole'
import type { Vsn } from './phoenixFrame'
import type { PostgresBinding } from './postgresBindings'

export interface Identity {
  key: string
  userId: string | null
  username: string | null
  displayName: string | null
  avatarPath: string | null
  guest: boolean
  hidden: boolean
}

/** What a channel knows about presence and broadcast; set at join. */
export interface ChannelRoom {
  identity: Identity
  /** The wall this channel is the room of, when its name says so. */
  wallId: string | null
  presenceEnabled: boolean
  broadcastSelf: boolean
  broadcastAck: boolean
  tracked: { ref: string; meta: Record<string, unknown> } | null
}

export interface Channel {
  topic: string
  /** The channel name the client chose (the topic without `realtime:`). */
  name: string
  /** The ref of the latest join; every frame for the channel carries it. */
  joinRef: string | null
  bindings: PostgresBinding[]
  auth: RequestAuth
  /** Channels with equal keys share one row-level security check. */
  authKey: string
  /** Seconds since the epoch when the token stops being valid, if it expires. */
  expiresAt: number | null
  /** Presence and broadcast state of this join. */
  room: ChannelRoom | null
}

/** What presence asks of a connection (RealtimeConnection is one). */
export interface ChannelConnection {
  readonly channels: Map<string, Channel>
  readonly vsn: Vsn
  send(text: string): void
  push(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void
  shutDown(channel: Channel, message: string): void
}
