// Parses `order=col.desc.nullslast,other,owner(username).asc` (also under an embed path:
// `polaroids.order=...`). `owner(username)` orders by a column of a to-one embedded resource.
import { parseError } from './errors'
import type { Field } from './fieldSyntax'
import { Cursor, QuerySyntaxError, parseField, parseName, splitTopLevel } from './fieldSyntax'

export interface OrderTerm {
  /** Set for `embed(column)` terms. */
  embed: string | null
  field: Field
  direction: 'asc' | 'desc' | null
  nulls: 'first' | 'last' | null
}

function parseTerm(text: string): OrderTerm {
  const cursor = new Cursor(text.trim())
  let embed: string | null = null
  let field = parseField(cursor)
  if (cursor.eat('(')) {
    if (field.jsonPath.length > 0) cursor.fail('"." or ","')
    embed = field.name
    field = parseField(cursor)
    cursor.expect(')')
  }
  let direction: OrderTerm['direction'] = null
  let nulls: OrderTerm['nulls'] = null
  while (cursor.eat('.')) {
    const word = parseName(cursor)
    if ((word === 'asc' || word === 'desc') && direction === null && nulls === null) direction = word
    else if ((word === 'nullsfirst' || word === 'nullslast') && nulls === null)
      nulls = word === 'nullsfirst' ? 'first' : 'last'
    else throw new QuerySyntaxError(`unexpected "${word}" expecting asc, desc, nullsfirst or nullslast`)
  }
  if (!cursor.done) cursor.fail('"." or ","')
  return { embed, field, direction, nulls }
}

export function parseOrder(raw: string, key: string): OrderTerm[] {
  try {
    return splitTopLevel(raw)
      .filter((t) => t.trim() !== '')
      .map(parseTerm)
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw parseError('order', `${key}=${raw}`, error.message)
    throw error
  }
}
