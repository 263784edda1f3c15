// The server's order of commits, for the chaos verdict on things several people (or one person's undo)
// wrote. The sync protocol orders writes by the transaction that made them: every synced row carries
// `txid` (pg_current_xact_id(), stamped by stamp_sync_columns), and the local stack's change capture
// queues each change inside its transaction and hands them out in commit order (PGlite runs one
// transaction at a time, so commit order and txid order are the same). The run listens to every change
// of walls, polaroids and stickers as the service role from before the first action, so the verdict
// knows the order in which the server committed each value, not only the last one.
//
// A listener can miss a change only if its own socket drops (it does not go through the run's faulty
// proxy); `gaps()` tells when the log does not end at the row's last write, and the verdict fails then
// rather than judge from a partial log.
import { REALTIME_SUBSCRIBE_STATES, type RealtimeChannel } from '@supabase/supabase-js'
import { admin } from '../support/stack'

export type LoggedTable = 'walls' | 'polaroids' | 'wall_stickers'
const TABLES: LoggedTable[] = ['walls', 'polaroids', 'wall_stickers']

export interface Commit {
  table: LoggedTable
  id: string
  /** The writing transaction (xid8). */
  txid: bigint
  record: Record<string, unknown>
}

export class CommitLog {
  private readonly commits = new Map<string, Commit[]>()
  /** Rows whose changes arrived out of txid order: the log cannot be trusted for them. */
  private readonly disorder: string[] = []
  private channel: RealtimeChannel | null = null

  /** Starts listening; resolves once the server has the subscription (changes after that are logged). */
  static async start(): Promise<CommitLog> {
    const log = new CommitLog()
    let channel = admin.channel(`chaos-commits-${Date.now().toString(36)}`)
    for (const table of TABLES) {
      channel = channel.on('postgres_changes', { event: '*', schema: 'public', table }, (payload) => {
        const record = payload.new as Record<string, unknown>
        if (record && typeof record.id === 'string') log.add(table, record)
      })
    }
    log.channel = channel
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the commit log could not subscribe')), 20_000)
      channel.subscribe((status, error) => {
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
          clearTimeout(timer)
          resolve()
        } else {
          clearTimeout(timer)
          reject(new Error(`the commit log's channel: ${status} ${error?.message ?? ''}`))
        }
      })
    })
    return log
  }

  private add(table: LoggedTable, record: Record<string, unknown>): void {
    const key = `${table}:${String(record.id)}`
    const list = this.commits.get(key) ?? []
    const txid = BigInt(String(record.txid))
    const last = list.at(-1)
    if (last && last.txid > txid) this.disorder.push(`${key}: txid ${txid} after ${last.txid}`)
    list.push({ table, id: String(record.id), txid, record })
    this.commits.set(key, list)
  }

  /** The row's commits since the run began, in the server's order. */
  of(table: LoggedTable, id: string): Commit[] {
    return this.commits.get(`${table}:${id}`) ?? []
  }

  /** Rows whose log does not end at the write the server holds now (`txid` of each row now), and rows
   * whose changes came out of order: either makes the verdict on them unfounded. */
  gaps(table: LoggedTable, rows: Array<{ id: string; txid: string }>, before: Map<string, string>): string[] {
    const problems = this.disorder.filter((d) => d.startsWith(`${table}:`))
    for (const row of rows) {
      const last = this.of(table, row.id).at(-1)
      const unchanged = before.get(row.id) === row.txid
      if (!unchanged && (!last || last.txid !== BigInt(row.txid)))
        problems.push(
          `${table}:${row.id}: the server's last write (txid ${row.txid}) is not in the commit log (its last: ${last?.txid ?? 'none'})`,
        )
    }
    return problems
  }

  async stop(): Promise<void> {
    if (this.channel) await admin.removeChannel(this.channel)
    this.channel = null
  }
}
