// Text columns take JSON strings (or null). PostgREST hands the body to json_populate_record, which
// quietly turns 42 into '42' and {"$ne": null} into its JSON text; the local stack refuses such values
// with a clear error instead, so a wrong type never lands in a name or a message as if it were typed.
import { RestError } from './errors'
import type { JsonObject } from './jsonBody'
import type { TableInfo } from './schemaCache'

function isTextType(type: string): boolean {
  return type === 'text' || type.startsWith('character varying') || type.startsWith('character(')
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value}`
}

export function checkTextValues(table: TableInfo, rows: JsonObject[]): void {
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      const column = table.columns.get(key)
      if (!column || !isTextType(column.type) || value === null || typeof value === 'string') continue
      throw new RestError(400, {
        code: '22P02',
        details: `The value is ${kindOf(value)}.`,
        hint: 'Send the value as a JSON string.',
        message: `Column "${key}" of "${table.name}" takes text`,
      })
    }
  }
}
