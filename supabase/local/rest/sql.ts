// The only two ways text from a request reaches SQL: as a bound parameter ($n), or as an identifier
// that was first found in the schema cache and is then double-quoted here. Aliases chosen by the
// client (output keys) are quoted the same way; they never name anything in the database.

const marker = '\u0001'
// eslint-disable-next-line no-control-regex
const placeholder = /\u0001(\d+)\u0001/g

/**
 * Collects bound values. `add` returns a marker; `compile` numbers the markers the final statement
 * really contains ($1, $2, ...), so pieces that were planned but left out (an embed's filters when
 * nothing is returned) do not leave parameters Postgres cannot type.
 */
export class SqlParams {
  private readonly values: unknown[] = []

  add(value: unknown): string {
    this.values.push(value)
    return `${marker}${this.values.length - 1}${marker}`
  }

  compile(sql: string): { text: string; values: unknown[] } {
    const numbers = new Map<number, number>()
    const values: unknown[] = []
    const text = sql.replace(placeholder, (_, index: string) => {
      const i = Number(index)
      let n = numbers.get(i)
      if (n === undefined) {
        values.push(this.values[i])
        n = values.length
        numbers.set(i, n)
      }
      return `$${n}`
    })
    return { text, values }
  }
}

export function ident(name: string): string {
  // Names are parsed without control characters; this is the last line of defence for the markers above.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000\u0001]/.test(name)) throw new Error('identifier contains a control character')
  return `"${name.replace(/"/g, '""')}"`
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`
}

/** A Postgres array literal `{"a","b"}` for values bound as one parameter (`= any($n)`). */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`
}
