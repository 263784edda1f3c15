// /rest/v1/rpc/{fn}: calls a function of the exposed schema with named arguments taken from the JSON
// body (POST) or the query string (GET/HEAD, arrays as `{a,b}`). The overload is chosen by argument
// names like PostgREST; values are typed by Postgres through jsonb_to_record with the catalog's types.
// void → 204, scalar → bare JSON, set-returning or composite results behave like a table (select,
// filters, order, paging, count).
import type { PGlite } from '@electric-sql/pglite'
import { invalidBody, overloadedFunction, singularityError, unknownFunction } from './errors'
import { isJsonObject, parseJsonBody } from './jsonBody'
import type { QueryParams } from './queryParams'
import { parseQueryParams } from './queryParams'
import { applyRange, pageResult, wantsCount } from './readHandler'
import type { Relation } from './readBuilder'
import { ReadBuilder, readSql } from './readBuilder'
import type { PageRow, RestRequest, RestResult } from './restRequest'
import {
  jsonContentType,
  objectContentType,
  pageNumbers,
  runInTransaction,
  singleElement,
} from './restRequest'
import type { ColumnInfo, FunctionArg, FunctionInfo, SchemaSnapshot } from './schemaCache'
import { closestName } from './schemaCache'
import { SqlParams, ident, qualified } from './sql'

const reserved = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'or',
  'and',
  'not.or',
  'not.and',
])

interface Chosen {
  fn: FunctionInfo
  args: FunctionArg[]
  /** The function takes the whole body as its single unnamed json/jsonb argument. */
  wholeBody: boolean
}

function takesWholeBody(fn: FunctionInfo): boolean {
  return fn.args.length === 1 && fn.args[0]!.name === '' && ['json', 'jsonb'].includes(fn.args[0]!.type)
}

function choose(
  name: string,
  candidates: FunctionInfo[],
  keys: string[],
  isGet: boolean,
  bodyIsObject: boolean,
): Chosen {
  const matches: Chosen[] = []
  for (const fn of candidates) {
    if (!isGet && takesWholeBody(fn)) {
      matches.push({ fn, args: fn.args, wholeBody: true })
      continue
    }
    if (!isGet && !bodyIsObject) continue
    const names = new Set(fn.args.map((a) => a.name))
    if (!isGet && keys.some((k) => !names.has(k))) continue
    const used = fn.args.filter((a) => keys.includes(a.name))
    if (fn.args.some((a) => !a.hasDefault && !used.includes(a))) continue
    matches.push({ fn, args: used, wholeBody: false })
  }
  if (matches.length === 0) throw unknownFunction('public', name, [...keys].sort(), null)
  if (matches.length > 1) {
    // A GET call may leave keys for filters: prefer the overload that uses the most of them.
    const most = Math.max(...matches.map((m) => m.args.length))
    const best = matches.filter((m) => m.args.length === most && !m.wholeBody)
    if (isGet && best.length === 1) return best[0]!
    throw overloadedFunction(
      'public',
      name,
      matches.map((m) => m.fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')),
    )
  }
  return matches[0]!
}

/** `<args> cross join lateral fn(name := args.name, ...)`: the FROM item of the call, without its alias. */
function callSql(chosen: Chosen, params: SqlParams, argsJson: string): string {
  const fn = qualified(chosen.fn.schema, chosen.fn.name)
  if (chosen.wholeBody) return `${fn}(${params.add(argsJson)}::${chosen.args[0]!.type})`
  if (chosen.args.length === 0) return `${fn}()`
  const definitions = chosen.args.map((a) => `${ident(a.name)} ${a.type}`).join(', ')
  const named = chosen.args.map((a) => `${ident(a.name)} := "pgrst_args".${ident(a.name)}`).join(', ')
  return `jsonb_to_record(${params.add(argsJson)}::jsonb) as "pgrst_args"(${definitions}) cross join lateral ${fn}(${named})`
}

export async function callFunction(
  req: RestRequest,
  snapshot: SchemaSnapshot,
  db: PGlite,
  name: string,
): Promise<RestResult> {
  const candidates = snapshot.functions.get(name) ?? []
  const isGet = req.method === 'GET' || req.method === 'HEAD'
  let keys: string[]
  let argsJson: string
  let bodyIsObject = true
  if (isGet) {
    const known = new Set(candidates.flatMap((f) => f.args.map((a) => a.name)))
    const args: Record<string, string> = {}
    for (const [key, value] of req.search) if (!reserved.has(key) && !key.includes('.')) args[key] = value
    keys = Object.keys(args).filter((k) => known.has(k) || candidates.length === 0)
    argsJson = JSON.stringify(Object.fromEntries(keys.map((k) => [k, args[k]])))
  } else {
    argsJson = req.body.trim() === '' ? '{}' : req.body
    const body = parseJsonBody(argsJson)
    bodyIsObject = isJsonObject(body)
    keys = bodyIsObject ? Object.keys(body as object) : []
    if (!bodyIsObject && !candidates.some(takesWholeBody)) throw invalidBody()
  }
  if (candidates.length === 0) {
    throw unknownFunction('public', name, [...keys].sort(), closestName(name, snapshot.functions.keys()))
  }
  const chosen = choose(name, candidates, keys, isGet, bodyIsObject)
  const argNames = new Set(chosen.args.map((a) => a.name))
  const query = parseQueryParams(req.search, (key) => isGet && argNames.has(key))
  const params = new SqlParams()
  const call = callSql(chosen, params, argsJson)
  const returns = chosen.fn.returns

  if (returns.kind === 'void' || (returns.kind === 'scalar' && !returns.setOf)) {
    const sql =
      returns.kind === 'void'
        ? `select null as body from ${call} as "pgrst_f"`
        : `select to_json("pgrst_f"."pgrst_scalar")::text as body from ${call} as "pgrst_f"("pgrst_scalar")`
    const compiled = params.compile(sql)
    const row = (
      await runInTransaction(db, req, (tx) =>
        tx.query<{ body: string | null }>(compiled.text, compiled.values),
      )
    ).rows[0]
    if (returns.kind === 'void') return { status: 204, body: null, headers: {} }
    return {
      status: 200,
      body: req.method === 'HEAD' ? null : (row?.body ?? 'null'),
      headers: { 'Content-Type': jsonContentType },
    }
  }
  return readFunctionRows(req, snapshot, db, chosen.fn, call, params, query)
}

async function readFunctionRows(
  req: RestRequest,
  snapshot: SchemaSnapshot,
  db: PGlite,
  fn: FunctionInfo,
  call: string,
  params: SqlParams,
  query: QueryParams,
): Promise<RestResult> {
  const returns = fn.returns
  const scalar = returns.kind === 'scalar'
  const columns: ColumnInfo[] =
    returns.kind === 'composite'
      ? returns.columns
      : [
          {
            name: fn.name,
            type: returns.kind === 'scalar' ? returns.type : 'void',
            nullable: true,
            defaultExpr: null,
            generated: false,
          },
        ]
  const relation: Relation = {
    name: fn.name,
    columns: new Map(columns.map((c) => [c.name, c])),
    columnList: columns,
    table: returns.kind === 'composite' ? returns.table : null,
  }
  const setOf = returns.kind !== 'void' && returns.setOf
  const offset = setOf ? applyRange(req, query) : 0
  const builder = new ReadBuilder(snapshot, params, query)
  const alias = builder.nextAlias()
  const node = builder.buildNode(relation, alias, scalar ? [{ kind: 'star' }] : query.select, '')
  builder.checkAllPathsUsed()
  const source = `select "pgrst_f".* from ${call} as "pgrst_f"${scalar ? `(${ident(fn.name)})` : ''}`
  const sql =
    `with "pgrst_call" as (${source}) ` +
    readSql(node, {
      from: `"pgrst_call" as ${alias}`,
      where: [...node.where, ...node.inner],
      count: wantsCount(req),
      head: req.method === 'HEAD',
      scalarColumn: scalar ? fn.name : undefined,
    })
  const compiled = params.compile(sql)
  const row = (await runInTransaction(db, req, (tx) => tx.query<PageRow>(compiled.text, compiled.values)))
    .rows[0]
  if (setOf) return pageResult(req, row, offset)
  // A single composite value is answered as an object.
  const { pageCount } = pageNumbers(row)
  if (req.format === 'object' && pageCount !== 1) throw singularityError(pageCount)
  const body = pageCount === 0 ? 'null' : singleElement(row?.body ?? '[]')
  return {
    status: 200,
    body: req.method === 'HEAD' ? null : body,
    headers: { 'Content-Type': req.format === 'object' ? objectContentType : jsonContentType },
  }
}
