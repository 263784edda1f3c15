// The shape every synced table must have, checked from the catalog so a new table cannot slip through:
// row-level security on, policies that follow Supabase's conventions, the sync columns and a txid
// index, realtime publication, and an RLS matrix in this suite for every table and every RPC.
import type { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { functionMatrices, tableMatrices } from '../support/allMatrices'

/** Declares the catalog checks on the given database. */
export function describeSchemaShape(db: () => PGlite): void {
  async function publicTables(): Promise<string[]> {
    const { rows } = await db().query<{ name: string }>(
      `select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`,
    )
    return rows.map((r) => r.name)
  }

  interface Policy {
    table: string
    name: string
    cmd: string
    roles: string[]
    qual: string | null
    with_check: string | null
  }

  async function policies(): Promise<Policy[]> {
    const { rows } = await db().query<Policy>(
      `select schemaname || '.' || tablename as table, policyname as name, cmd, roles::text[] as roles, qual, with_check
         from pg_policies where schemaname = 'public' or (schemaname = 'storage' and tablename = 'objects')
        order by 1, 2`,
    )
    return rows
  }

  describe('every table in public', () => {
    it('exists (the schema is not empty)', async () => {
      expect(await publicTables()).toEqual(
        expect.arrayContaining([
          'profiles',
          'walls',
          'polaroids',
          'wall_stickers',
          'wardrobe_items',
          'clothing_tags',
          'processing_jobs',
        ]),
      )
    })

    it('has row-level security enabled', async () => {
      const { rows } = await db().query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public' and not rowsecurity order by 1`,
      )
      expect(rows.map((r) => r.name)).toEqual([])
      const storage = await db().query<{ on: boolean }>(
        `select relrowsecurity as on from pg_class where oid = 'storage.objects'::regclass`,
      )
      expect(storage.rows[0]?.on).toBe(true)
    })

    it('has a select policy', async () => {
      const withSelect = new Set((await policies()).filter((p) => p.cmd === 'SELECT').map((p) => p.table))
      const missing = (await publicTables()).filter((t) => !withSelect.has(`public.${t}`))
      expect(missing).toEqual([])
    })

    it('has the sync columns: created_at, updated_at, deleted_at (timestamptz) and txid (xid8)', async () => {
      const { rows } = await db().query<{ table: string; column: string; type: string | null }>(
        `select t.relname as table, c.name as column, format_type(a.atttypid, a.atttypmod) as type
           from pg_class t
          cross join (values ('created_at'), ('updated_at'), ('deleted_at'), ('txid')) as c(name)
           left join pg_attribute a on a.attrelid = t.oid and a.attname = c.name and not a.attisdropped
          where t.relnamespace = 'public'::regnamespace and t.relkind in ('r', 'p')
          order by 1, 2`,
      )
      const wrong = rows.filter((r) => r.type !== (r.column === 'txid' ? 'xid8' : 'timestamp with time zone'))
      expect(wrong).toEqual([])
      expect(rows.length).toBe((await publicTables()).length * 4)
    })

    it('has an index led by txid (the pull cursor)', async () => {
      const { rows } = await db().query<{ name: string }>(
        `select t.relname as name from pg_class t
          where t.relnamespace = 'public'::regnamespace and t.relkind in ('r', 'p')
            and not exists (
              select 1 from pg_index i
                join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
               where i.indrelid = t.oid and a.attname = 'txid')
          order by 1`,
      )
      expect(rows.map((r) => r.name)).toEqual([])
    })

    it('is published to realtime', async () => {
      const { rows } = await db().query<{ name: string }>(
        `select tablename as name from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'`,
      )
      expect(rows.map((r) => r.name).sort()).toEqual(await publicTables())
    })

    it('has an RLS matrix in this suite', async () => {
      const covered = tableMatrices.map((m) => m.subject)
      expect((await publicTables()).filter((t) => !covered.includes(t))).toEqual([])
    })
  })

  describe('policies follow the Supabase conventions', () => {
    it('name one operation and API roles only (no FOR ALL, no policy for PUBLIC)', async () => {
      const bad = (await policies()).filter(
        (p) => p.cmd === 'ALL' || p.roles.some((r) => r !== 'anon' && r !== 'authenticated'),
      )
      expect(bad).toEqual([])
    })

    it('have at most one policy per table, operation and role', async () => {
      const seen = new Map<string, string>()
      const duplicates: string[] = []
      for (const p of await policies()) {
        for (const role of p.roles) {
          const key = `${p.table} ${p.cmd} ${role}`
          if (seen.has(key)) duplicates.push(`${key}: "${seen.get(key)}" and "${p.name}"`)
          seen.set(key, p.name)
        }
      }
      expect(duplicates).toEqual([])
    })

    it('call auth.uid() through (select auth.uid()) so it runs once per statement, not per row', async () => {
      const bare = (await policies()).filter((p) =>
        [p.qual, p.with_check].some((e) =>
          e?.replace(/\( SELECT auth\.uid\(\) AS uid\)/g, '').includes('auth.uid()'),
        ),
      )
      expect(bare.map((p) => p.name)).toEqual([])
    })
  })

  describe('functions', () => {
    interface Fn {
      name: string
      definer: boolean
      config: string[] | null
      trigger: boolean
      /** Whether anon or authenticated may execute it (a service-role-only function is not the API's). */
      callable: boolean
    }
    const functions = async () =>
      (
        await db().query<Fn>(
          `select p.proname as name, p.prosecdef as definer, p.proconfig as config,
                  p.prorettype = 'trigger'::regtype as trigger,
                  has_function_privilege('anon', p.oid, 'execute')
                    or has_function_privilege('authenticated', p.oid, 'execute') as callable
             from pg_proc p where p.pronamespace = 'public'::regnamespace order by 1`,
        )
      ).rows

    it('that run with their owner’s rights pin search_path', async () => {
      const unpinned = (await functions()).filter(
        (f) => f.definer && !(f.config ?? []).some((c) => c.startsWith('search_path=')),
      )
      expect(unpinned.map((f) => f.name)).toEqual([])
    })

    it('that an API user can call with their owner’s rights each have an RLS matrix in this suite', async () => {
      // is_wall_owner only answers "do I own this wall?" for the caller, for the policies.
      const predicates = ['is_wall_owner']
      const covered = functionMatrices.map((m) => m.subject)
      const uncovered = (await functions()).filter(
        (f) => f.definer && f.callable && !f.trigger && !predicates.includes(f.name) && !covered.includes(f.name),
      )
      expect(uncovered.map((f) => f.name)).toEqual([])
      for (const name of covered) expect((await functions()).map((f) => f.name)).toContain(name)
    })
  })
}
