// Row-level security for change delivery: a subscriber hears about a row only if its role and claims
// may SELECT that row, exactly as a REST read would decide. One transaction checks a whole batch:
// for each distinct set of claims it switches role and claims the way asRole does, then asks one
// query per table which of the changed rows are visible.
import type { PGlite, Transaction } from '@electric-sql/pglite'
import type { RequestAuth } from '../db/asRole'
import { setRequestAuth } from '../db/asRole'
import type { PublishedTable } from './publishedTables'
import { quoteIdent } from './publishedTables'

export interface RowCheck {
  table: PublishedTable
  /** Primary-key values of the row, by column name. */
  key: Record<string, unknown>
}

export interface AuthGroup {
  auth: RequestAuth
  checks: RowCheck[]
}

function visibilitySql(table: PublishedTable): string {
  const match = table.primaryKey.map((c) => `r.${quoteIdent(c)} = p.${quoteIdent(c)}`).join(' and ')
  return `select (k.ord - 1)::int as i
            from jsonb_array_elements($1::jsonb) with ordinality as k(v, ord)
           cross join lateral jsonb_populate_record(null::${table.qualified}, k.v) as p
           where exists (select 1 from ${table.qualified} r where ${match})`
}

async function visibleTo(tx: Transaction, group: AuthGroup): Promise<boolean[]> {
  const { auth, checks } = group
  const visible = checks.map(() => false)
  const byTable = new Map<PublishedTable, number[]>()
  checks.forEach((check, i) => {
    if (!check.table.selectableBy.has(auth.role) || check.table.primaryKey.length === 0) return
    const list = byTable.get(check.table) ?? []
    list.push(i)
    byTable.set(check.table, list)
  })
  if (byTable.size === 0) return visible
  await setRequestAuth(tx, auth)
  for (const [table, indexes] of byTable) {
    const keys = indexes.map((i) => checks[i]!.key)
    const { rows } = await tx.query<{ i: number }>(visibilitySql(table), [JSON.stringify(keys)])
    for (const row of rows) visible[indexes[row.i]!] = true
  }
  return visible
}

/** For each group, whether its role and claims may select each checked row now. */
export function checkVisibility(db: PGlite, groups: AuthGroup[]): Promise<boolean[][]> {
  return db.transaction(async (tx) => {
    const results: boolean[][] = []
    for (const group of groups) results.push(await visibleTo(tx, group))
    // Nothing was written; rolling back also drops the role and claims set above.
    await tx.rollback()
    return results
  })
}
