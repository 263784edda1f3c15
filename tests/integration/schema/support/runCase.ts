// Runs one statement as an API role inside a transaction that always rolls back, so hundreds of cases
// share one set of fixtures. Around the statement the same transaction re-reads the target row as the
// superuser (RLS bypassed), which shows what the statement really did, not what the role may see.
import type { PGlite, Transaction } from '@electric-sql/pglite'
import type { RequestAuth } from '../../../../supabase/local/db/asRole'
import { asRole, setRequestAuth } from '../../../../supabase/local/db/asRole'
import type { RowRef, Statement, TableName } from './matrixTypes'

export type Json = Record<string, unknown>

export interface Outcome {
  rows: Json[]
  /** Rows the statement wrote (or returned, for a select). */
  rowCount: number
  error?: { code: string; message: string }
  /** The target row read as superuser before and after the statement; null when absent. */
  before: Json | null
  after: Json | null
}

const keyColumn: Record<TableName, string> = {
  profiles: 't.id::text',
  walls: 't.id',
  polaroids: 't.id',
  wall_stickers: 't.id',
  wardrobe_items: 't.id',
  clothing_tags: 't.id',
  processing_jobs: 't.id',
  wears: 't.id',
  outfit_plans: 't.id',
  item_prices: 't.id',
  'storage.objects': `t.bucket_id || '/' || t.name`,
}

export function qualified(table: TableName): string {
  return table.includes('.') ? table : `public.${table}`
}

/** A statement listing the ids of a table that the current role can see, sorted. */
export function selectIdsSql(table: TableName): string {
  return `select ${keyColumn[table]} as id from ${qualified(table)} t order by 1`
}

async function readRow(tx: Transaction, row: RowRef): Promise<Json | null> {
  const result = await tx.query<{ row: Json }>(
    `select to_jsonb(t) as row from ${qualified(row.table)} t where ${keyColumn[row.table]} = $1`,
    [row.id],
  )
  return result.rows[0]?.row ?? null
}

/** Runs work as the superuser in the middle of an asRole transaction, then restores the role. */
export async function asSuperuser<T>(tx: Transaction, auth: RequestAuth, work: () => Promise<T>): Promise<T> {
  await tx.exec('reset role')
  const result = await work()
  await setRequestAuth(tx, auth)
  return result
}

function errorOf(e: unknown): { code: string; message: string } {
  if (e instanceof Error && 'code' in e && typeof e.code === 'string')
    return { code: e.code, message: e.message }
  throw e
}

export interface CaseInput extends Statement {
  auth: RequestAuth
  setup?: readonly Statement[]
  row?: RowRef
}

export function runCase(pg: PGlite, input: CaseInput): Promise<Outcome> {
  const { auth, row } = input
  return asRole(pg, auth, async (tx) => {
    const before = await asSuperuser(tx, auth, async () => {
      for (const s of input.setup ?? []) await tx.query(s.sql, [...(s.params ?? [])])
      return row ? readRow(tx, row) : null
    })
    const outcome: Outcome = { rows: [], rowCount: 0, before, after: null }
    await tx.exec('savepoint matrix_case')
    try {
      const result = await tx.query<Json>(input.sql, [...(input.params ?? [])])
      outcome.rows = result.rows
      outcome.rowCount = result.rowCount ?? result.affectedRows ?? result.rows.length
    } catch (e) {
      outcome.error = errorOf(e)
      await tx.exec('rollback to savepoint matrix_case')
    }
    outcome.after = row ? await asSuperuser(tx, auth, () => readRow(tx, row)) : null
    await tx.rollback()
    return outcome
  })
}

/** Runs work as an API role and rolls everything back, for tests that need several statements. */
export function withRollback<T>(
  pg: PGlite,
  auth: RequestAuth,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return asRole(pg, auth, async (tx) => {
    const result = await work(tx)
    await tx.rollback()
    return result
  })
}
