// What a handler needs to know about one REST request, and how it runs: in ONE transaction as the
// request's role with `request.jwt.claims`, `request.method`, `request.path` and `request.headers` set
// like PostgREST sets them (GET/HEAD also read-only, as in PostgREST), so RLS, auth.uid() and functions
// see exactly what they would see on Supabase.
import type { PGlite, Transaction } from '@electric-sql/pglite'
import type { RequestAuth } from '../db/asRole'
import { asRole } from '../db/asRole'
import type { ResponseFormat } from './mediaType'
import type { Preferences } from './prefer'

export interface RestRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE'
  /** Path below /rest/v1, e.g. `/walls` or `/rpc/move_polaroid`. */
  path: string
  search: URLSearchParams
  headers: Headers
  prefs: Preferences
  format: ResponseFormat
  auth: RequestAuth
  /** The raw request body ('' when there is none). */
  body: string
  /** The most rows one insert may carry (StackConfig.maxRowsPerInsert). */
  maxInsertRows: number
}

export interface RestResult {
  status: number
  body: string | null
  headers: Record<string, string>
}

export const jsonContentType = 'application/json; charset=utf-8'
export const objectContentType = 'application/vnd.pgrst.object+json; charset=utf-8'

/** Thrown inside the transaction to roll it back while still answering with `result` (Prefer: tx=rollback). */
export class RollbackWith extends Error {
  constructor(readonly result: RestResult) {
    super('rollback requested')
  }
}

function headersJson(headers: Headers): string {
  const out: Record<string, string> = {}
  headers.forEach((value, key) => {
    out[key.toLowerCase()] = value
  })
  return JSON.stringify(out)
}

export async function runInTransaction<T>(
  db: PGlite,
  req: RestRequest,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const readOnly = req.method === 'GET' || req.method === 'HEAD'
  return asRole(db, req.auth, async (tx) => {
    await tx.query(
      `select set_config('request.method', $1, true), set_config('request.path', $2, true),
              set_config('request.headers', $3, true)${readOnly ? `, set_config('transaction_read_only', 'on', true)` : ''}`,
      [req.method, req.path, headersJson(req.headers)],
    )
    return work(tx)
  })
}

export interface PageRow {
  total: number | string | null
  page_count: number | string
  body: string | null
}

export function pageNumbers(row: PageRow | undefined): { total: number | null; pageCount: number } {
  return {
    total: row?.total === null || row?.total === undefined ? null : Number(row.total),
    pageCount: Number(row?.page_count ?? 0),
  }
}

/** The one element of a json_agg array, as text. */
export function singleElement(body: string): string {
  return body.slice(1, -1).trim()
}
