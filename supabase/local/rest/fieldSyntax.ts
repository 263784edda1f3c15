// The lexical pieces PostgREST's query grammar shares between `select`, filters and `order`: names
// (plain or "quoted"), JSON paths (`data->a->>b`) and a cursor that reports the first unexpected
// character the way PostgREST's parser does ("unexpected ... expecting ..."). Names may not contain
// control characters: they end up quoted in SQL, and a NUL would cut the statement short.

export interface JsonStep {
  arrow: '->' | '->>'
  /** A key, or an array index when `index` is true. */
  key: string
  index: boolean
}

export interface Field {
  name: string
  jsonPath: JsonStep[]
}

export class QuerySyntaxError extends Error {}

const nameChar = /[\p{L}\p{N}_$ ]/u

export class Cursor {
  pos = 0
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length
  }

  peek(length = 1): string {
    return this.text.slice(this.pos, this.pos + length)
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.pos)
  }

  eat(token: string): boolean {
    if (!this.startsWith(token)) return false
    this.pos += token.length
    return true
  }

  expect(token: string, expecting = `"${token}"`): void {
    if (!this.eat(token)) this.fail(expecting)
  }

  skipSpaces(): void {
    while (this.peek() === ' ') this.pos += 1
  }

  fail(expecting: string): never {
    const found = this.done ? 'end of input' : `"${this.peek()}"`
    throw new QuerySyntaxError(`unexpected ${found} expecting ${expecting}`)
  }
}

function checkName(name: string, cursor: Cursor): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw new QuerySyntaxError('names may not contain control characters')
  if (name === '') cursor.fail('a name')
  return name
}

/** A plain name (letters, digits, `_`, `$`, spaces, and `-` that does not start an arrow) or a "quoted" one. */
export function parseName(cursor: Cursor): string {
  cursor.skipSpaces()
  if (cursor.eat('"')) {
    const end = cursor.text.indexOf('"', cursor.pos)
    if (end < 0) throw new QuerySyntaxError('unexpected end of input expecting closing quote')
    const name = cursor.text.slice(cursor.pos, end)
    cursor.pos = end + 1
    return checkName(name, cursor)
  }
  const start = cursor.pos
  while (!cursor.done) {
    const ch = cursor.peek()
    if (nameChar.test(ch)) cursor.pos += 1
    else if (ch === '-' && cursor.peek(2) !== '->' && cursor.pos > start) cursor.pos += 1
    else break
  }
  return checkName(cursor.text.slice(start, cursor.pos).trim(), cursor)
}

export function parseJsonPath(cursor: Cursor): JsonStep[] {
  const steps: JsonStep[] = []
  for (;;) {
    const arrow = cursor.startsWith('->>') ? '->>' : cursor.startsWith('->') ? '->' : null
    if (!arrow) return steps
    cursor.pos += arrow.length
    const indexMatch = /^-?\d+(?![\p{L}_$])/u.exec(cursor.text.slice(cursor.pos))
    if (indexMatch && cursor.peek() !== '"') {
      cursor.pos += indexMatch[0].length
      steps.push({ arrow, key: indexMatch[0], index: true })
    } else {
      steps.push({ arrow, key: parseName(cursor), index: false })
    }
  }
}

export function parseField(cursor: Cursor): Field {
  const name = parseName(cursor)
  return { name, jsonPath: parseJsonPath(cursor) }
}

/** Parses a whole string as one field (filter keys, order terms), or throws QuerySyntaxError. */
export function fieldFromString(text: string): Field {
  const cursor = new Cursor(text)
  const field = parseField(cursor)
  cursor.skipSpaces()
  if (!cursor.done) cursor.fail('"->", "->>" or end of input')
  return field
}

/** Splits on `separator` outside double quotes and parentheses. */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '\\') i += 1
      else if (ch === '"') quoted = false
    } else if (ch === '"') quoted = true
    else if (ch === '(') depth += 1
    else if (ch === ')') depth -= 1
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  if (quoted) throw new QuerySyntaxError('unexpected end of input expecting closing quote')
  if (depth !== 0)
    throw new QuerySyntaxError(depth > 0 ? 'unexpected end of input expecting ")"' : 'unexpected ")"')
  parts.push(text.slice(start))
  return parts
}

/** Removes surrounding double quotes, honouring backslash escapes inside them. */
export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return value
}
