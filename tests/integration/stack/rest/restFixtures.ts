// Rows for the REST tests, written straight into the database as its owner (no RLS), so each test starts
// from known data and only the behaviour under test goes through HTTP and supabase-js.
import { randomUUID } from 'node:crypto'
import type { TestStack } from '../../../support/stack'

/** A client-style id (8–64 of [A-Za-z0-9_-]). */
export function newId(prefix = 'id'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`
}

export async function seedWall(
  stack: TestStack,
  ownerId: string,
  options: { name?: string; private?: boolean; description?: string | null; createdAt?: string } = {},
): Promise<string> {
  const id = newId('wall')
  await stack.db.query(
    `insert into public.walls (id, name, owner_id, private, description, created_at)
     values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now()))`,
    [
      id,
      options.name ?? `Wall ${id}`,
      ownerId,
      options.private ?? false,
      options.description ?? null,
      options.createdAt ?? null,
    ],
  )
  return id
}

export async function seedPolaroid(
  stack: TestStack,
  wallId: string,
  createdBy: string,
  options: { name?: string; message?: string; createdAt?: string; x?: number } = {},
): Promise<string> {
  const id = newId('pol')
  await stack.db.query(
    `insert into public.polaroids (id, wall_id, created_by, name, message, external_url, x, created_at)
     values ($1, $2, $3, $4, $5, 'https://example.com/p.jpg', $6, coalesce($7::timestamptz, now()))`,
    [
      id,
      wallId,
      createdBy,
      options.name ?? '',
      options.message ?? '',
      options.x ?? 0,
      options.createdAt ?? null,
    ],
  )
  return id
}

export async function seedWardrobeItem(
  stack: TestStack,
  userId: string,
  options: { name?: string; isPublic?: boolean } = {},
): Promise<string> {
  const id = newId('item')
  await stack.db.query(
    `insert into public.wardrobe_items (id, user_id, image_path, name, is_public)
     values ($1, $2, $3, $4, $5)`,
    [id, userId, `wardrobe-images/${userId}/${id}.png`, options.name ?? 'Item', options.isPublic ?? false],
  )
  return id
}

export async function seedTag(
  stack: TestStack,
  itemId: string,
  tagType: string,
  tagValue: string,
): Promise<string> {
  const id = newId('tag')
  await stack.db.query(
    `insert into public.clothing_tags (id, wardrobe_item_id, tag_type, tag_value) values ($1, $2, $3, $4)`,
    [id, itemId, tagType, tagValue],
  )
  return id
}

const tables = [
  'walls',
  'polaroids',
  'profiles',
  'wardrobe_items',
  'clothing_tags',
  'wall_stickers',
  'processing_jobs',
]

/** One row as the database owner sees it (or undefined). */
export async function rowOf(
  stack: TestStack,
  table: string,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  if (!tables.includes(table)) throw new Error(`unexpected table ${table}`)
  const result = await stack.db.query<Record<string, unknown>>(
    `select * from public.${table} where id::text = $1`,
    [id],
  )
  return result.rows[0]
}

export async function countRows(stack: TestStack, table: string): Promise<number> {
  if (!tables.includes(table)) throw new Error(`unexpected table ${table}`)
  const result = await stack.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)
  return result.rows[0]!.n
}

/** Whether `public.<name>` still exists (injection tests check nothing was dropped). */
export async function tableExists(stack: TestStack, name: string): Promise<boolean> {
  const result = await stack.db.query<{ found: boolean }>(`select to_regclass($1) is not null as found`, [
    `public.${name}`,
  ])
  return result.rows[0]!.found
}

/** One column of the rows supabase-js returned (its rows are untyped without generated types). */
export function pluck(data: unknown, key: string): unknown[] {
  return (data as Array<Record<string, unknown>>).map((row) => row[key])
}

/** A raw request to the REST service, for what supabase-js does not expose (headers, statuses, HEAD bodies). */
export async function restFetch(
  stack: TestStack,
  pathAndQuery: string,
  init: {
    method?: string
    headers?: Record<string, string>
    body?: string
    key?: string | null
    token?: string
  } = {},
): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const key = init.key === undefined ? stack.anonKey : init.key
  const headers: Record<string, string> = { ...(init.headers ?? {}) }
  if (key !== null) headers.apikey = key
  if (init.token ?? key) headers.Authorization = `Bearer ${init.token ?? key}`
  const response = await fetch(`${stack.url}/rest/v1${pathAndQuery}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body,
  })
  const text = await response.text()
  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}
