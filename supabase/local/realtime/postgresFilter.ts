// The `filter` of a postgres_changes binding (`wall_id=eq.abc,z_index=gt.3`), parsed once at join
// time and then evaluated against every changed row. Values are compared with the column's type the
// way Postgres would (numbers as numbers, timestamps as instants), since records arrive as JSON.

type FilterOperator =
  'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'is' | 'isdistinct' | 'like' | 'ilike'

export interface FilterCondition {
  column: string
  operator: FilterOperator
  negate: boolean
  /** One value, or the list of an `in`; `null` stands for the SQL keyword null. */
  values: Array<string | null>
}

export class FilterError extends Error {}

const operators: ReadonlySet<string> = new Set<FilterOperator>([
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'is',
  'isdistinct',
  'like',
  'ilike',
])

/** Splits on `separator` outside double quotes and parentheses, as the real server reads filters. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      current += ch
      if (ch === '\\' && i + 1 < text.length) current += text[++i]!
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    if (ch === separator && depth === 0) {
      parts.push(current)
      current = ''
    } else {
      current += ch
    }
  }
  if (quoted || depth !== 0) throw new FilterError(`unbalanced quotes or parentheses in "${text}"`)
  parts.push(current)
  return parts
}

/** A PostgREST-style scalar: `"a,b"` with backslash escapes, or the bare text. */
function unquote(raw: string): string {
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) {
    return raw.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return raw
}

function parseCondition(text: string): FilterCondition {
  const eq = text.indexOf('=')
  if (eq <= 0) throw new FilterError(`"${text}" is not of the form column=operator.value`)
  const column = text.slice(0, eq).trim()
  let rest = text.slice(eq + 1)
  let negate = false
  if (rest.startsWith('not.')) {
    negate = true
    rest = rest.slice(4)
  }
  const dot = rest.indexOf('.')
  if (dot <= 0) throw new FilterError(`"${text}" is not of the form column=operator.value`)
  const operator = rest.slice(0, dot)
  const raw = rest.slice(dot + 1)
  if (!operators.has(operator)) {
    throw new FilterError(`operator "${operator}" is not supported (use eq, neq, lt, lte, gt, gte, in, is)`)
  }
  if (operator === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')'))
      throw new FilterError(`"${text}": in takes a list, in.(a,b)`)
    const items = splitTopLevel(raw.slice(1, -1), ',').map((s) => unquote(s.trim()))
    return { column, operator, negate, values: items }
  }
  if (operator === 'is') {
    const keyword = raw.toLowerCase()
    if (!['null', 'true', 'false', 'unknown'].includes(keyword)) {
      throw new FilterError(`"${text}": is takes null, true, false or unknown`)
    }
    return {
      column,
      operator,
      negate,
      values: [keyword === 'null' || keyword === 'unknown' ? null : keyword],
    }
  }
  return { column, operator: operator as FilterOperator, negate, values: [unquote(raw)] }
}

/** Parses a whole filter; an empty string means "no filter". Throws FilterError on bad input. */
export function parseFilter(filter: string): FilterCondition[] {
  if (filter.trim() === '') return []
  return splitTopLevel(filter, ',').map((part) => parseCondition(part.trim()))
}

const numericTypes: ReadonlySet<string> = new Set([
  'int2',
  'int4',
  'int8',
  'float4',
  'float8',
  'numeric',
  'oid',
])
const instantTypes: ReadonlySet<string> = new Set(['timestamptz', 'timestamp', 'date'])

/** Checks that a literal can be read as the column's type, as Postgres would when the filter is set up. */
export function checkFilterTypes(
  conditions: FilterCondition[],
  columnType: (name: string) => string | undefined,
): void {
  for (const c of conditions) {
    const type = columnType(c.column)
    if (type === undefined) throw new FilterError(`column "${c.column}" does not exist`)
    for (const v of c.values) {
      if (v === null || c.operator === 'is') continue
      if (numericTypes.has(type) && !Number.isFinite(Number(v))) {
        throw new FilterError(`"${v}" is not a valid ${type} for column "${c.column}"`)
      }
      if (type === 'bool' && parseBool(v) === undefined) {
        throw new FilterError(`"${v}" is not a valid boolean for column "${c.column}"`)
      }
      if (instantTypes.has(type) && Number.isNaN(Date.parse(v))) {
        throw new FilterError(`"${v}" is not a valid ${type} for column "${c.column}"`)
      }
    }
  }
}

function parseBool(text: string): boolean | undefined {
  const t = text.toLowerCase()
  if (['t', 'true', 'yes', 'on', '1', 'y'].includes(t)) return true
  if (['f', 'false', 'no', 'off', '0', 'n'].includes(t)) return false
  return undefined
}

/** A JSON row value as Postgres would print it for a comparison with text. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value)
  return JSON.stringify(value)
}

/** -1, 0 or 1, or null when the row value is SQL null. */
function compare(value: unknown, literal: string, type: string | undefined): number | null {
  if (value === null || value === undefined) return null
  if (type !== undefined && numericTypes.has(type)) {
    const a = Number(value)
    const b = Number(literal)
    return a === b ? 0 : a < b ? -1 : 1
  }
  if (type === 'bool') {
    const a = value === true || value === 't' || value === 'true'
    const b = parseBool(literal) === true
    return a === b ? 0 : a ? 1 : -1
  }
  if (type !== undefined && instantTypes.has(type)) {
    const a = Date.parse(textOf(value))
    const b = Date.parse(literal)
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a === b ? 0 : a < b ? -1 : 1
  }
  const a = textOf(value)
  const b = type === 'uuid' ? literal.toLowerCase() : literal
  return a === b ? 0 : a < b ? -1 : 1
}

function likeToRegExp(pattern: string, insensitive: boolean): RegExp {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!
    if (ch === '\\' && i + 1 < pattern.length) source += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    else if (ch === '%' || ch === '*') source += '.*'
    else if (ch === '_') source += '.'
    else source += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`, insensitive ? 'is' : 's')
}

/** Three-valued like SQL: null when the row value is null and the operator cannot decide. */
function conditionHolds(
  c: FilterCondition,
  record: Record<string, unknown>,
  type: string | undefined,
): boolean | null {
  const value = record[c.column]
  const isNull = value === null || value === undefined
  const literal = c.values[0] ?? null
  switch (c.operator) {
    case 'is':
      return literal === null ? isNull : compare(value, literal, 'bool') === 0
    case 'isdistinct':
      return literal === null ? !isNull : isNull || compare(value, literal, type) !== 0
    case 'in':
      return isNull ? null : c.values.some((v) => v !== null && compare(value, v, type) === 0)
    case 'like':
    case 'ilike':
      return isNull || literal === null
        ? null
        : likeToRegExp(literal, c.operator === 'ilike').test(textOf(value))
  }
  const order = literal === null ? null : compare(value, literal, type)
  if (order === null) return null
  switch (c.operator) {
    case 'eq':
      return order === 0
    case 'neq':
      return order !== 0
    case 'lt':
      return order < 0
    case 'lte':
      return order <= 0
    case 'gt':
      return order > 0
    case 'gte':
      return order >= 0
  }
}

/** True when every condition holds for the row; as in SQL, a comparison with null is never true. */
export function matchesFilter(
  conditions: FilterCondition[],
  record: Record<string, unknown>,
  columnType: (name: string) => string | undefined,
): boolean {
  return conditions.every((c) => {
    const holds = conditionHolds(c, record, columnType(c.column))
    return holds === null ? false : c.negate ? !holds : holds
  })
}
