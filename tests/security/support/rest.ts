// Calling the local stack as an actor, the way supabase-js does on the wire: the anon key as apikey,
// the actor's token as bearer (anon: the key itself). Answers come back whole for the leak search.
import type { Actor, World } from './world'
import { send, seenIn, type Answer } from './http'

export interface Call {
  method?: string
  path: string
  body?: unknown
  headers?: Record<string, string>
}

export async function callAs(world: World, actor: Actor, call: Call): Promise<Answer> {
  const headers: Record<string, string> = {
    apikey: world.stack.anonKey,
    Authorization: `Bearer ${world.tokenOf(actor)}`,
    ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...call.headers,
  }
  return send(world.stack.port, {
    method: call.method ?? 'GET',
    path: call.path,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  })
}

export function ok(answer: Answer): boolean {
  return answer.status >= 200 && answer.status < 300
}

/** Rows of a JSON array answer ([] for anything else). */
export function rowsOf(answer: Answer): Array<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse(answer.body)
    return Array.isArray(value) ? (value as Array<Record<string, unknown>>) : []
  } catch {
    return []
  }
}

/** The total of a Content-Range header (`0-0/3` → 3), or 0. */
export function totalOf(answer: Answer): number {
  const range = answer.headers['content-range']
  const total = typeof range === 'string' ? range.split('/')[1] : undefined
  return total && total !== '*' ? Number(total) : 0
}

export { seenIn }

/** The row as the database holds it now (read as the superuser), or null. */
export async function rowNow(
  world: World,
  table: string,
  id: string,
): Promise<Record<string, unknown> | null> {
  const { rows } = await world.stack.db.query<Record<string, unknown>>(
    `select to_jsonb(t) as row from public.${table} t where id::text = $1`,
    [id],
  )
  return (rows[0]?.row as Record<string, unknown> | undefined) ?? null
}

/** Every string inside a value (the ids and paths a request carried). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn)
  return []
}
