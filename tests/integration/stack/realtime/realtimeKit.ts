// Helpers for the realtime tests: subscribing and collecting postgres_changes events through
// supabase-js, writing walls and polaroids straight into the database, and a bare WebSocket client
// for the protocol details supabase-js hides.
import { randomUUID } from 'node:crypto'
import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { StackHandle } from '../../../../supabase/local/server'

type Row = Record<string, unknown>

/** A postgres_changes callback payload, with `new` and `old` typed loosely for assertions. */
export interface Change {
  schema: string
  table: string
  commit_timestamp: string
  eventType: 'INSERT' | 'UPDATE' | 'DELETE'
  new: Row
  old: Row
  errors: unknown
}

export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().slice(0, 8)}`
}

/** Resolves once the channel reports SUBSCRIBED; rejects on any other status. */
export function subscribe(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve(channel)
      else reject(new Error(`${status}: ${error?.message ?? ''}`))
    })
  })
}

/** The events one callback received, with a way to wait for the next matching one. */
export class Inbox {
  readonly events: Change[] = []
  private waiters: Array<{ test: (e: Change) => boolean; resolve: (e: Change) => void }> = []

  readonly receive = (payload: RealtimePostgresChangesPayload<Row>): void => {
    const event: Change = { ...payload, new: payload.new, old: payload.old }
    this.events.push(event)
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(event)) return true
      w.resolve(event)
      return false
    })
  }

  waitFor(test: (e: Change) => boolean, timeoutMs = 5000): Promise<Change> {
    const seen = this.events.find(test)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms`)), timeoutMs)
      this.waiters.push({
        test,
        resolve: (e) => {
          clearTimeout(timer)
          resolve(e)
        },
      })
    })
  }

  /** Events about the row with this id. */
  about(id: string): Change[] {
    return this.events.filter((e) => e.new.id === id || e.old.id === id)
  }
}

export function rowId(id: string): (e: Change) => boolean {
  return (e) => e.new.id === id || e.old.id === id
}

export async function makeWall(
  stack: StackHandle,
  ownerId: string,
  options: { private?: boolean } = {},
): Promise<string> {
  const id = newId('wall')
  await stack.db.query('insert into public.walls (id, name, owner_id, private) values ($1, $2, $3, $4)', [
    id,
    `Wall ${id}`,
    ownerId,
    options.private ?? false,
  ])
  return id
}

/** Inserts a polaroid as the superuser (the way a fixture would), returning its id. */
export async function addPolaroid(
  stack: StackHandle,
  wallId: string,
  createdBy: string,
  fields: { zIndex?: number; id?: string } = {},
): Promise<string> {
  const id = fields.id ?? newId('pol')
  await stack.db.query(
    `insert into public.polaroids (id, wall_id, created_by, external_url, z_index)
     values ($1, $2, $3, 'https://images.example.test/p.png', $4)`,
    [id, wallId, createdBy, fields.zIndex ?? 1],
  )
  return id
}

export type RawFrame = [string | null, string | null, string, string, Record<string, unknown>]

/** A bare Phoenix (vsn 2.0.0) client, to look at frames exactly as the server sends them. */
export class RawSocket {
  readonly frames: RawFrame[] = []
  private waiters: Array<{ test: (f: RawFrame) => boolean; resolve: (f: RawFrame) => void }> = []
  private ref = 0

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as RawFrame
      this.frames.push(frame)
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(frame)) return true
        w.resolve(frame)
        return false
      })
    })
  }

  static open(url: string): Promise<RawSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      ws.once('open', () => resolve(new RawSocket(ws)))
      ws.once('error', reject)
    })
  }

  nextRef(): string {
    return String(++this.ref)
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame))
  }

  next(test: (f: RawFrame) => boolean, timeoutMs = 5000): Promise<RawFrame> {
    const seen = this.frames.find(test)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms`)), timeoutMs)
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer)
          resolve(f)
        },
      })
    })
  }

  /** Sends a frame with a fresh ref and waits for its phx_reply. */
  async request(joinRef: string | null, topic: string, event: string, payload: unknown): Promise<RawFrame> {
    const ref = this.nextRef()
    this.send([event === 'phx_join' ? ref : joinRef, ref, topic, event, payload])
    return this.next((f) => f[1] === ref && f[3] === 'phx_reply')
  }

  close(): void {
    this.ws.close()
  }
}

export function realtimeUrl(stack: StackHandle, apikey: string, vsn = '2.0.0'): string {
  return `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${vsn}`
}
