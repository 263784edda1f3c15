// Sorts a request's query string into what PostgREST reads from it: `select`, `columns`, `on_conflict`,
// and per embed path (`''` for the table, `owner.polaroids` for nested embeds) the filters, logic
// trees, order, limit and offset. Repeated keys are all kept: they are ANDed. The caller decodes the
// query with URLSearchParams, so `+` is a space as supabase-js intends.
import { parseError } from './errors'
import type { Condition } from './filterParser'
import { parseFilter, parseLogicTree } from './filterParser'
import type { OrderTerm } from './orderParser'
import { parseOrder } from './orderParser'
import type { SelectItem } from './selectParser'
import { parseSelect } from './selectParser'
import { QuerySyntaxError, splitTopLevel, unquote } from './fieldSyntax'

export interface PathParams {
  conditions: Condition[]
  order: OrderTerm[] | null
  limit: number | null
  offset: number | null
}

export interface QueryParams {
  select: SelectItem[]
  /** True when the request had a `select` parameter (mutations return nothing selected otherwise). */
  hasSelect: boolean
  byPath: Map<string, PathParams>
  columns: string[] | null
  onConflict: string[] | null
}

const topLevelOnly = new Set(['select', 'columns', 'on_conflict'])

export function pathParams(query: QueryParams, path: string): PathParams {
  let params = query.byPath.get(path)
  if (!params) {
    params = { conditions: [], order: null, limit: null, offset: null }
    query.byPath.set(path, params)
  }
  return params
}

function parseCount(raw: string, key: string): number {
  if (!/^\s*\d{1,15}\s*$/.test(raw))
    throw parseError(
      key === 'limit' || key.endsWith('.limit') ? 'limit' : 'offset',
      `${key}=${raw}`,
      'expecting a non-negative integer',
    )
  return Number(raw)
}

/** `"a","b c",d` → names (used by `columns=` and `on_conflict=`). */
function parseNameList(raw: string, key: string): string[] {
  try {
    return splitTopLevel(raw)
      .map((n) => unquote(n.trim()))
      .filter((n) => n !== '')
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw parseError(key, raw, error.message)
    throw error
  }
}

/**
 * Reads the query string. `skip` names keys that are not filters (rpc arguments of a GET call).
 */
export function parseQueryParams(
  search: URLSearchParams,
  skip: (key: string) => boolean = () => false,
): QueryParams {
  const selectRaw = search.get('select')
  const query: QueryParams = {
    select: parseSelect(selectRaw),
    hasSelect: selectRaw !== null,
    byPath: new Map(),
    columns: search.has('columns') ? parseNameList(search.get('columns')!, 'columns') : null,
    onConflict: search.has('on_conflict') ? parseNameList(search.get('on_conflict')!, 'on_conflict') : null,
  }
  pathParams(query, '')
  for (const [key, value] of search) {
    if (topLevelOnly.has(key) || skip(key)) continue
    const segments = key.split('.')
    let last = segments[segments.length - 1]!
    let negate = false
    if ((last === 'or' || last === 'and') && segments[segments.length - 2] === 'not') {
      negate = true
      segments.splice(segments.length - 2, 1)
    }
    last = segments[segments.length - 1]!
    const path = segments.slice(0, -1).map((s) => s.trim())
    const params = pathParams(query, path.join('.'))
    if (last === 'or' || last === 'and') {
      params.conditions.push(parseLogicTree(last, negate, value, key))
    } else if (last === 'order') {
      params.order = [...(params.order ?? []), ...parseOrder(value, key)]
    } else if (last === 'limit') {
      params.limit = parseCount(value, key)
    } else if (last === 'offset') {
      params.offset = parseCount(value, key)
    } else {
      params.conditions.push(parseFilter([], last, value, key))
    }
  }
  return query
}
