// Parses PostgREST's `select` parameter into a tree: columns with aliases, JSON paths and casts, `*`,
// and embedded resources `alias:target!hint!inner(...)` / spreads `...target(...)`, nested. Names are
// only parsed here; the read planner checks every one of them against the schema cache.
import { aggregatesDisabled, parseError } from './errors'
import type { JsonStep } from './fieldSyntax'
import { Cursor, QuerySyntaxError, parseJsonPath, parseName } from './fieldSyntax'

interface StarItem {
  kind: 'star'
}

export interface ColumnItem {
  kind: 'column'
  name: string
  alias: string | null
  jsonPath: JsonStep[]
  /** A SQL type from `castTypes`, never the user's text. */
  cast: string | null
}

export interface EmbedItem {
  kind: 'embed'
  target: string
  alias: string | null
  hint: string | null
  join: 'inner' | 'left' | null
  spread: boolean
  items: SelectItem[]
}

export type SelectItem = StarItem | ColumnItem | EmbedItem

/** Casts accepted in `select` (`col::text`), mapped to the SQL spelled out here. */
const castTypes: Record<string, string> = {
  text: 'text',
  varchar: 'text',
  int: 'integer',
  int4: 'integer',
  integer: 'integer',
  int2: 'smallint',
  smallint: 'smallint',
  int8: 'bigint',
  bigint: 'bigint',
  numeric: 'numeric',
  float: 'double precision',
  float4: 'real',
  real: 'real',
  float8: 'double precision',
  double: 'double precision',
  bool: 'boolean',
  boolean: 'boolean',
  json: 'json',
  jsonb: 'jsonb',
  uuid: 'uuid',
  date: 'date',
  timestamptz: 'timestamptz',
  timestamp: 'timestamp',
}

const aggregates = new Set(['count', 'sum', 'avg', 'max', 'min'])

/** The key an item gets in the JSON output. */
export function outputKey(item: ColumnItem | EmbedItem): string {
  if (item.alias !== null) return item.alias
  if (item.kind === 'embed') return item.target
  const last = item.jsonPath[item.jsonPath.length - 1]
  return last && !last.index ? last.key : item.name
}

function parseCast(cursor: Cursor): string | null {
  if (!cursor.eat('::')) return null
  const match = /^[A-Za-z][A-Za-z0-9_]*/.exec(cursor.text.slice(cursor.pos))
  if (!match) cursor.fail('a type name')
  const name = match[0].toLowerCase()
  const type = Object.hasOwn(castTypes, name) ? castTypes[name] : undefined
  if (!type) {
    throw new QuerySyntaxError(
      `casting to "${match[0]}" is not supported here; use one of: ${Object.keys(castTypes).join(', ')}`,
    )
  }
  cursor.pos += match[0].length
  return type
}

function parseItems(cursor: Cursor, nested: boolean): SelectItem[] {
  const items: SelectItem[] = []
  cursor.skipSpaces()
  if (nested && cursor.peek() === ')') return items
  for (;;) {
    items.push(parseItem(cursor))
    cursor.skipSpaces()
    if (cursor.eat(',')) continue
    if (nested ? cursor.peek() === ')' : cursor.done) return items
    cursor.fail(nested ? '"," or ")"' : '"," or end of input')
  }
}

function parseEmbedRest(cursor: Cursor, target: string, alias: string | null, spread: boolean): EmbedItem {
  let hint: string | null = null
  let join: EmbedItem['join'] = null
  while (cursor.eat('!')) {
    const word = parseName(cursor)
    if (word === 'inner' || word === 'left') join = word
    else if (hint === null && join === null) hint = word
    else cursor.fail('"(" after the embedding hint')
  }
  cursor.skipSpaces()
  cursor.expect('(')
  const items = parseItems(cursor, true)
  cursor.expect(')')
  return { kind: 'embed', target, alias, hint, join, spread, items }
}

function parseItem(cursor: Cursor): SelectItem {
  cursor.skipSpaces()
  if (cursor.eat('*')) return { kind: 'star' }
  if (cursor.eat('...')) return parseEmbedRest(cursor, parseName(cursor), null, true)
  let name = parseName(cursor)
  let alias: string | null = null
  if (cursor.peek() === ':' && cursor.peek(2) !== '::') {
    cursor.pos += 1
    alias = name
    cursor.skipSpaces()
    if (cursor.eat('...')) cursor.fail('a name (a spread cannot have an alias)')
    name = parseName(cursor)
  }
  cursor.skipSpaces()
  if (cursor.startsWith('()') && aggregates.has(name)) throw aggregatesDisabled()
  if (cursor.peek() === '!' || cursor.peek() === '(') return parseEmbedRest(cursor, name, alias, false)
  const jsonPath = parseJsonPath(cursor)
  if (cursor.peek() === '.') {
    const rest = cursor.text.slice(cursor.pos + 1)
    if ([...aggregates].some((a) => rest.startsWith(`${a}(`))) throw aggregatesDisabled()
  }
  const cast = parseCast(cursor)
  return { kind: 'column', name, alias, jsonPath, cast }
}

/** `select` as sent (already form-decoded); an absent or empty parameter means `*`. */
export function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null || raw.trim() === '') return [{ kind: 'star' }]
  const cursor = new Cursor(raw)
  try {
    return parseItems(cursor, false)
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw parseError('select parameter', raw, error.message)
    throw error
  }
}
