// Parses PostgREST filters: `col=[not.]op[(modifier)].value` and logic trees
// `or=(a.eq.1,and(b.gt.2,not.c.is.null))`, including filters on embedded resources inside a tree
// (`or=(owner.username.eq.x,...)`). Values stay strings; the SQL builder binds every one as a parameter.
import { parseError } from './errors'
import type { Field } from './fieldSyntax'
import { QuerySyntaxError, fieldFromString, splitTopLevel, unquote } from './fieldSyntax'

export const operators = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  is: 'is',
  isdistinct: 'is distinct from',
  in: 'in',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const

type Operator = keyof typeof operators

const quantifiable = new Set<Operator>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
])
const textSearch = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts'])

type FilterValue =
  | { kind: 'scalar'; value: string }
  | { kind: 'list'; values: string[] }
  | { kind: 'is'; value: 'null' | 'true' | 'false' | 'unknown' }

export interface FilterExpr {
  negate: boolean
  op: Operator
  quantifier: 'any' | 'all' | null
  /** Text-search configuration of fts operators, e.g. `fts(english)`. */
  language: string | null
  value: FilterValue
}

export interface FilterNode {
  kind: 'filter'
  /** Embedded resources to go through before reaching the column (empty for the table itself). */
  embedPath: string[]
  field: Field
  expr: FilterExpr
}

export interface LogicNode {
  kind: 'logic'
  op: 'and' | 'or'
  negate: boolean
  children: Condition[]
}

export type Condition = FilterNode | LogicNode

function isOperatorToken(token: string): boolean {
  const match = /^([a-z]+)(\(.*\))?$/.exec(token)
  return match !== null && Object.hasOwn(operators, match[1]!)
}

/** Parses a list `(a,"b,c")`, quotes removed. */
function parseList(text: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw new QuerySyntaxError('unexpected value expecting a list like (a,b,"c,d")')
  }
  const inner = text.slice(1, -1)
  if (inner.trim() === '') return []
  return splitTopLevel(inner).map((v) => unquote(v.trim()))
}

/** `[not.]op[(modifier)].value`; `quoted` says the value may be wrapped in double quotes (logic trees). */
export function parseFilterExpr(text: string, quoted = false): FilterExpr {
  let rest = text
  let negate = false
  if (rest.startsWith('not.')) {
    negate = true
    rest = rest.slice(4)
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest)
  const head = match ?? /^([a-z]+)(?:\(([^)]*)\))?$/.exec(rest)
  if (!head || !Object.hasOwn(operators, head[1]!)) {
    throw new QuerySyntaxError(
      `unexpected "${rest.slice(0, 20)}" expecting an operator (eq, gt, in, is, like, ...)`,
    )
  }
  if (!match) throw new QuerySyntaxError('unexpected end of input expecting "." and a value')
  const op = head[1] as Operator
  const modifier = head[2] ?? null
  const raw = rest.slice(match[0].length)
  let quantifier: FilterExpr['quantifier'] = null
  let language: string | null = null
  if (modifier !== null) {
    if (quantifiable.has(op) && (modifier === 'any' || modifier === 'all')) quantifier = modifier
    else if (textSearch.has(op) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(modifier)) language = modifier
    else throw new QuerySyntaxError(`unexpected "(${modifier})" after "${op}"`)
  }
  let value: FilterValue
  if (op === 'is') {
    const v = raw.toLowerCase()
    if (v !== 'null' && v !== 'true' && v !== 'false' && v !== 'unknown') {
      throw new QuerySyntaxError(`unexpected "${raw}" expecting null, true, false or unknown`)
    }
    value = { kind: 'is', value: v }
  } else if (op === 'in') {
    value = { kind: 'list', values: parseList(raw) }
  } else {
    value = { kind: 'scalar', value: quoted ? unquote(raw) : raw }
  }
  return { negate, op, quantifier, language, value }
}

/** A filter on `key` (already split off any embed path) with value `op.value`. */
export function parseFilter(embedPath: string[], column: string, raw: string, key: string): FilterNode {
  try {
    return { kind: 'filter', embedPath, field: fieldFromString(column), expr: parseFilterExpr(raw) }
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw parseError('filter', `${key}=${raw}`, error.message)
    throw error
  }
}

function parseTreeItem(text: string): Condition {
  const trimmed = text.trim()
  const logic = /^(not\.)?(and|or)\(/.exec(trimmed)
  if (logic) {
    if (!trimmed.endsWith(')')) throw new QuerySyntaxError(`unexpected end of "${trimmed}" expecting ")"`)
    return parseTreeBody(logic[2] as 'and' | 'or', logic[1] !== undefined, trimmed.slice(logic[0].length - 1))
  }
  // field[.embedded field...].[not.]op.value: the field ends where an operator (or `not`) starts.
  const segments = trimmed.split('.')
  let i = 1
  while (i < segments.length && segments[i] !== 'not' && !isOperatorToken(segments[i]!)) i += 1
  if (i >= segments.length)
    throw new QuerySyntaxError(`unexpected "${trimmed}" expecting field.operator.value`)
  const names = segments.slice(0, i)
  const field = fieldFromString(names[names.length - 1]!)
  return {
    kind: 'filter',
    embedPath: names.slice(0, -1).map((n) => n.trim()),
    field,
    expr: parseFilterExpr(segments.slice(i).join('.'), true),
  }
}

function parseTreeBody(op: 'and' | 'or', negate: boolean, body: string): LogicNode {
  if (!body.startsWith('(') || !body.endsWith(')'))
    throw new QuerySyntaxError('unexpected value expecting "("')
  const inner = body.slice(1, -1)
  if (inner.trim() === '') throw new QuerySyntaxError('unexpected ")" expecting a filter')
  return { kind: 'logic', op, negate, children: splitTopLevel(inner).map(parseTreeItem) }
}

/** `or=(...)`, `and=(...)`, `not.or=(...)` and the same under an embed path. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, raw: string, key: string): LogicNode {
  try {
    return parseTreeBody(op, negate, raw.trim())
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw parseError('logic tree', `${key}=${raw}`, error.message)
    throw error
  }
}
