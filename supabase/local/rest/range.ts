// Paging as PostgREST reports it: the `Range` header (Range-Unit: items) intersected with
// limit/offset, `Content-Range: 0-9/42` (or `*/42` for an empty page, `*` when no count was asked),
// 206 when a counted page is partial and 416 PGRST103 when the offset lies beyond the total.
import { invalidRange } from './errors'

export interface Paging {
  offset: number
  limit: number | null
}

/** Applies a `Range: from-to` header (items) on top of the limit/offset query parameters. */
export function applyRangeHeader(header: string | undefined, paging: Paging): Paging {
  if (!header) return paging
  const match = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header)
  if (!match) return paging
  const from = Number(match[1])
  const to = match[2] === '' ? null : Number(match[2])
  if (to !== null && to < from)
    throw invalidRange(
      `The lower boundary must be lower than or equal to the upper boundary in the Range header.`,
    )
  const lower = Math.max(from, paging.offset)
  const uppers = [to, paging.limit === null ? null : paging.offset + paging.limit - 1].filter(
    (u): u is number => u !== null,
  )
  const upper = uppers.length > 0 ? Math.min(...uppers) : null
  return { offset: lower, limit: upper === null ? null : Math.max(0, upper - lower + 1) }
}

export function contentRange(offset: number, pageCount: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total)
  return pageCount > 0 ? `${offset}-${offset + pageCount - 1}/${totalText}` : `*/${totalText}`
}

/** 200, or 206 for a partial counted page; throws 416 when the offset is past the counted total. */
export function rangeStatus(offset: number, pageCount: number, total: number | null): number {
  if (total === null) return 200
  if (offset > total) {
    throw invalidRange(`An offset of ${offset} was requested, but there are only ${total} rows.`)
  }
  return pageCount < total ? 206 : 200
}
