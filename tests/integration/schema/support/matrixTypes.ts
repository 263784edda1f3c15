// The vocabulary of the RLS matrix: a case names who acts, which operation, what they try and what
// must happen. Case tables under ../matrix are plain data in this shape so a reader sees the coverage
// at a glance, and coverageGaps() can prove every actor × operation cell is filled or explained.
import type { Actor } from './actors'

export type Op = 'select' | 'insert' | 'update' | 'delete'

export const opList: readonly Op[] = ['select', 'insert', 'update', 'delete']

export type TableName =
  | 'profiles'
  | 'walls'
  | 'polaroids'
  | 'wall_stickers'
  | 'wardrobe_items'
  | 'clothing_tags'
  | 'processing_jobs'
  | 'wears'
  | 'outfit_plans'
  | 'item_prices'
  | 'storage.objects'

/** One row, by id (storage objects by bucket/name). */
export interface RowRef {
  table: TableName
  id: string
}

export type Expectation =
  /** The select returns exactly these ids; every other fixture row of the table stays hidden. */
  | { kind: 'sees'; table: TableName; ids: readonly string[] }
  /** The insert succeeds and the row exists afterwards, with these values. */
  | { kind: 'inserts'; row: RowRef; with: Record<string, unknown> }
  /** One row is written (or the call succeeds) and a superuser re-read shows the new values. */
  | { kind: 'updates'; row: RowRef; to: Record<string, unknown> }
  /** One row is hard-deleted. */
  | { kind: 'removes'; row: RowRef }
  /** The statement succeeds and leaves the row exactly as it was (a retried delete). */
  | { kind: 'keeps'; row: RowRef }
  /** 42501 "new row violates row-level security policy"; the row does not change (or appear). */
  | { kind: 'refusedByRls'; row: RowRef }
  /** The statement succeeds but affects 0 rows, and the row is unchanged. */
  | { kind: 'noRows'; row: RowRef }
  /** The statement raises this code and exact message; the row is unchanged (or absent). */
  | { kind: 'raises'; code: string; message: string; row: RowRef }

export interface Statement {
  sql: string
  params?: readonly unknown[]
}

export interface MatrixCase extends Statement {
  actor: Actor
  op: Op
  case: string
  /** Superuser statements run first, inside the same rolled-back transaction. */
  setup?: readonly Statement[]
  expect: Expectation
}

/** Half of a cell that cannot occur for a subject, and why (documented here instead of skipped). */
export interface NotApplicable {
  actors: readonly Actor[]
  ops: readonly Op[]
  half: 'allowed' | 'forbidden'
  why: string
}

export interface Matrix {
  /** A table or a function. */
  subject: string
  cases: readonly MatrixCase[]
  notApplicable: readonly NotApplicable[]
}

export const sees = (table: TableName, ids: readonly string[]): Expectation => ({ kind: 'sees', table, ids })
export const inserts = (table: TableName, id: string, values: Record<string, unknown> = {}): Expectation => ({
  kind: 'inserts',
  row: { table, id },
  with: values,
})
export const updates = (table: TableName, id: string, to: Record<string, unknown>): Expectation => ({
  kind: 'updates',
  row: { table, id },
  to,
})
export const removes = (table: TableName, id: string): Expectation => ({
  kind: 'removes',
  row: { table, id },
})
export const keeps = (table: TableName, id: string): Expectation => ({ kind: 'keeps', row: { table, id } })
export const refusedByRls = (table: TableName, id: string): Expectation => ({
  kind: 'refusedByRls',
  row: { table, id },
})
export const noRows = (table: TableName, id: string): Expectation => ({ kind: 'noRows', row: { table, id } })
export const raises = (code: string, message: string, table: TableName, id: string): Expectation => ({
  kind: 'raises',
  code,
  message,
  row: { table, id },
})
