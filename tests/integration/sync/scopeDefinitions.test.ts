// The scope definitions (src/data/model/scopes.ts) and the SQL `sync_pull` branches describe the same
// scopes: the same kinds, the same tables in every reply, a cursor exactly for incremental scopes, wall
// stats where the definition says so, and live bindings only on tables the scope carries. Either side
// changing alone fails here.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { scopeDefinitions, scopeKinds, type ScopeKind } from '../../../src/data/model/scopes'
import { newId } from '../../../src/lib/ids'

let stack: TestStack
let user: TestUser
let wallId: string

const migrations = path.resolve('supabase/migrations')

/** The kinds the newest definition of sync_pull branches on. */
async function sqlKinds(): Promise<string[]> {
  const files = (await readdir(migrations)).filter((f) => f.endsWith('.sql')).sort()
  let latest = ''
  for (const file of files) {
    const sql = await readFile(path.join(migrations, file), 'utf8')
    const at = sql.indexOf('create or replace function public.sync_pull(')
    if (at >= 0) latest = sql.slice(at, sql.indexOf('$$;', sql.indexOf('$$', at) + 2))
  }
  return [...latest.matchAll(/(?:els)?if kind = '([a-z]+)' then/g)].map((m) => m[1]!)
}

beforeAll(async () => {
  stack = await startTestStack()
  user = await createTestUser(stack, { username: 'scoper' })
  wallId = newId()
  const { error } = await user.client.from('walls').insert({ id: wallId, name: 'Scoped', owner_id: user.id })
  if (error) throw error
})

afterAll(async () => {
  await stack.close()
})

const argumentFor: Record<ScopeKind, () => string> = {
  me: () => 'me',
  wall: () => `wall:${wallId}`,
  discover: () => 'discover',
  mooris: () => 'mooris',
  wardrobe: () => 'wardrobe',
  profile: () => 'profile:scoper',
}

describe('scope definitions and sync_pull', () => {
  it('know the same kinds of scope', async () => {
    expect((await sqlKinds()).sort()).toEqual([...scopeKinds].sort())
  })

  it.each(scopeKinds)('%s: the reply carries the defined tables, cursor and stats', async (kind) => {
    const definition = scopeDefinitions[kind]
    const response = await user.client.rpc('sync_pull', { scope: argumentFor[kind](), since: '0' })
    expect(response.error).toBeNull()
    const reply = response.data as { cursor: string | null; rows: object; members: object; wall_stats?: unknown }
    expect(Object.keys(reply.rows).sort()).toEqual([...definition.tables].sort())
    expect(Object.keys(reply.members).sort()).toEqual([...definition.tables].sort())
    expect(reply.cursor !== null).toBe(definition.incremental)
    expect('wall_stats' in reply).toBe(definition.wallStats)
  })

  it.each(scopeKinds)('%s: live changes come only from tables the scope carries', (kind) => {
    const definition = scopeDefinitions[kind]
    for (const binding of definition.bindings('x', 'someone') ?? []) expect(definition.tables).toContain(binding.table)
  })
})
