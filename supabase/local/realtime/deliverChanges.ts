// Routes committed changes to channels: every binding whose event, table and filter match, and only
// when the channel's role and claims may SELECT the row now (DELETE events carry just the primary
// key and, as on the real server, skip the row check). A channel gets one frame per change listing
// all its matching binding ids, in commit order.
import type { PGlite } from '@electric-sql/pglite'
import type { RequestAuth } from '../db/asRole'
import type { CapturedChange } from './changeCapture'
import { encodeFrame } from './phoenixFrame'
import { bindingMatches } from './postgresBindings'
import type { PublishedTable } from './publishedTables'
import { tableKey } from './publishedTables'
import type { Channel } from './channel'
import type { RealtimeConnection } from './realtimeConnection'
import type { RowCheck } from './rowVisibility'
import { checkVisibility } from './rowVisibility'

interface Target {
  connection: RealtimeConnection
  channel: Channel
  authKey: string
  /** Matching binding ids, grouped by the columns they select ('' = whole row). */
  ids: Map<string, { select: string[] | null; ids: number[] }>
  /** Index into the checks of `authKey`, or null when no row check applies. */
  check: number | null
}

interface AuthChecks {
  auth: RequestAuth
  checks: RowCheck[]
  /** change index → check index, so each row is checked once per set of claims. */
  byChange: Map<number, number>
  visible: boolean[]
}

function pick(record: Record<string, unknown>, columns: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const c of columns) if (c in record) out[c] = record[c]
  return out
}

function eventData(change: CapturedChange, table: PublishedTable, select: string[] | null): string {
  const data: Record<string, unknown> = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns: table.columns,
  }
  if (change.record) data.record = select ? pick(change.record, select) : change.record
  if (change.oldRecord) data.old_record = change.oldRecord
  data.errors = null
  return JSON.stringify(data)
}

export async function deliverChanges(
  db: PGlite,
  changes: CapturedChange[],
  connections: Iterable<RealtimeConnection>,
  tables: ReadonlyMap<string, PublishedTable>,
): Promise<void> {
  const plans: Array<{ change: CapturedChange; table: PublishedTable; targets: Target[] }> = []
  const authChecks = new Map<string, AuthChecks>()
  const now = Date.now() / 1000

  changes.forEach((change, changeIndex) => {
    const table = tables.get(tableKey(change.schema, change.table))
    if (!table) return
    const targets: Target[] = []
    for (const connection of connections) {
      if (!connection.isOpen) continue
      for (const channel of connection.channels.values()) {
        let ids: Target['ids'] | null = null
        for (const binding of channel.bindings) {
          if (!bindingMatches(binding, change.type, table, change.record)) continue
          ids ??= new Map()
          const key = binding.select ? JSON.stringify(binding.select) : ''
          const group = ids.get(key) ?? { select: binding.select, ids: [] }
          group.ids.push(binding.id)
          ids.set(key, group)
        }
        if (!ids) continue
        if (channel.expiresAt !== null && channel.expiresAt <= now) {
          connection.shutDown(channel, 'Token has expired')
          continue
        }
        if (!table.selectableBy.has(channel.auth.role)) continue
        let check: number | null = null
        if (change.type !== 'DELETE') {
          let entry = authChecks.get(channel.authKey)
          if (!entry) {
            entry = { auth: channel.auth, checks: [], byChange: new Map(), visible: [] }
            authChecks.set(channel.authKey, entry)
          }
          check = entry.byChange.get(changeIndex) ?? null
          if (check === null) {
            check = entry.checks.push({ table, key: pick(change.record ?? {}, table.primaryKey) }) - 1
            entry.byChange.set(changeIndex, check)
          }
        }
        targets.push({ connection, channel, authKey: channel.authKey, ids, check })
      }
    }
    if (targets.length > 0) plans.push({ change, table, targets })
  })

  if (authChecks.size > 0) {
    const groups = [...authChecks.values()]
    try {
      const visible = await checkVisibility(db, groups)
      groups.forEach((group, i) => (group.visible = visible[i]!))
    } catch (error) {
      // Deliver nothing rather than something a subscriber may not be allowed to see.
      console.error('realtime: row-level security check failed', error)
    }
  }

  for (const { change, table, targets } of plans) {
    const dataBySelect = new Map<string, string>()
    for (const target of targets) {
      const { connection, channel } = target
      // The channel may have left, rejoined or changed its token while rows were being checked.
      if (connection.channels.get(channel.topic) !== channel || channel.authKey !== target.authKey) continue
      if (target.check !== null && !authChecks.get(target.authKey)!.visible[target.check]) continue
      for (const [key, group] of target.ids) {
        let data = dataBySelect.get(key)
        if (data === undefined) {
          data = eventData(change, table, group.select)
          dataBySelect.set(key, data)
        }
        const payload = `{"ids":${JSON.stringify(group.ids)},"data":${data}}`
        connection.send(
          encodeFrame(connection.vsn, channel.joinRef, null, channel.topic, 'postgres_changes', payload),
        )
      }
    }
  }
}
