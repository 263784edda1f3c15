// The pull reply is checked before anything of it reaches the replica: a reply of the wrong shape (an
// older server, a proxy's error page, a bug) fails the pull with a message that says what was wrong,
// instead of writing half a scope or throwing somewhere deep in the merge.
import { localTableOf, type ServerTable } from '@/data/model/tables'
import { SyncError } from './classifyError'
import type { PullResponse } from './transport'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isServerTable = (name: string): name is ServerTable => Object.hasOwn(localTableOf, name)

function unreadable(scope: string, what: string): SyncError {
  return new SyncError('permanent', `The server's reply for ${scope} could not be read: ${what}`, 200, 'bad_reply')
}

export function parsePullResponse(scope: string, data: unknown): PullResponse {
  if (!isObject(data)) throw unreadable(scope, 'not an object')
  if (data.scope !== scope) throw unreadable(scope, `it is for ${JSON.stringify(data.scope)}`)
  const cursor = data.cursor
  if (cursor !== null && cursor !== undefined && typeof cursor !== 'string') throw unreadable(scope, 'the cursor is not text')
  if (!isObject(data.rows)) throw unreadable(scope, 'no rows')
  if (!isObject(data.members)) throw unreadable(scope, 'no members')

  const rows: PullResponse['rows'] = {}
  for (const [table, list] of Object.entries(data.rows)) {
    if (!isServerTable(table)) throw unreadable(scope, `unknown table ${table}`)
    if (!Array.isArray(list) || !list.every((row) => isObject(row) && typeof row.id === 'string')) {
      throw unreadable(scope, `the ${table} rows are not rows with ids`)
    }
    rows[table] = list as Array<Record<string, unknown>>
  }
  const members: PullResponse['members'] = {}
  for (const [table, ids] of Object.entries(data.members)) {
    if (!isServerTable(table)) throw unreadable(scope, `unknown table ${table}`)
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) throw unreadable(scope, `the ${table} members are not ids`)
    members[table] = ids
  }
  const response: PullResponse = { scope, cursor: typeof cursor === 'string' ? cursor : null, rows, members }
  if (data.wall_stats !== undefined && data.wall_stats !== null) {
    const stats = data.wall_stats
    const valid =
      Array.isArray(stats) &&
      stats.every(
        (s) =>
          isObject(s) &&
          typeof s.wall_id === 'string' &&
          typeof s.polaroid_count === 'number' &&
          Array.isArray(s.preview_ids) &&
          s.preview_ids.every((id) => typeof id === 'string'),
      )
    if (!valid) throw unreadable(scope, 'the wall stats are malformed')
    response.wall_stats = stats as NonNullable<PullResponse['wall_stats']>
  }
  return response
}
