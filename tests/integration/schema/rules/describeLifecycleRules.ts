// How rows live and die (DESIGN §3, §4): soft deletes that take a wall's items with it, tombstones that
// are final but accept a retried delete, created_at that an offline client may set but never into the
// future, txid stamped with the writing transaction (the pull cursor), and usernames that never change.
import type { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { serviceAuth } from '../../../../supabase/local/db/asRole'
import { authOf, ids } from '../support/actors'
import { expectOutcome } from '../support/expectOutcome'
import { item, polaroid, sticker, wall } from '../support/fixtures'
import type { Expectation, Statement } from '../support/matrixTypes'
import { raises } from '../support/matrixTypes'
import { asSuperuser, runCase, withRollback } from '../support/runCase'

/** Declares the lifecycle tests on the given database (fixtures loaded). */
export function describeLifecycleRules(db: () => PGlite): void {
  interface Tombstone {
    table: string
    id: string
    deleted_at: string | null
  }

  /** Every polaroid and sticker of a wall, and the wall itself, with their deleted_at. */
  const wallContents = `
    select 'walls' as table, id, deleted_at::text from public.walls where id = $1
    union all select 'polaroids', id, deleted_at::text from public.polaroids where wall_id = $1
    union all select 'wall_stickers', id, deleted_at::text from public.wall_stickers where wall_id = $1
    order by 1, 2`

  describe('deleting a wall', () => {
    const owner = authOf('wallOwner')
    const original = (rows: Tombstone[], id: string) => rows.find((r) => r.id === id)?.deleted_at

    it.each([
      ['delete_own_wall', 'select public.delete_own_wall($1)'],
      ["the owner's direct update of deleted_at", 'update public.walls set deleted_at = now() where id = $1'],
    ])('through %s tombstones the wall and every item on it, whoever made them', async (_how, sql) => {
      const { before, after, elsewhere } = await withRollback(db(), owner, async (tx) => {
        const read = () =>
          asSuperuser(tx, owner, async () => (await tx.query<Tombstone>(wallContents, [wall.publicW])).rows)
        const before = await read()
        await tx.query(sql, [wall.publicW])
        const after = await read()
        const elsewhere = await asSuperuser(
          tx,
          owner,
          async () => (await tx.query<Tombstone>(wallContents, [wall.privateW])).rows,
        )
        return { before, after, elsewhere }
      })
      expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id))
      expect(after.map((r) => r.id)).toEqual(
        expect.arrayContaining([wall.publicW, polaroid.cOnW, polaroid.wOnW, sticker.iOnW, sticker.cOnW]),
      )
      for (const row of after) expect(row.deleted_at, `${row.table} ${row.id}`).not.toBeNull()
      // An item deleted earlier keeps the moment it was deleted.
      expect(original(after, polaroid.cDeleted)).toBe(original(before, polaroid.cDeleted))
      expect(elsewhere.every((r) => r.deleted_at === null)).toBe(true)
    })

    it.each(['contributor', 'stranger', 'itemOwner'] as const)(
      'is refused for the %s with its message, and nothing on the wall changes',
      async (actor) => {
        const auth = authOf(actor)
        const { error, before, after } = await withRollback(db(), auth, async (tx) => {
          const read = () =>
            asSuperuser(tx, auth, async () => (await tx.query<Tombstone>(wallContents, [wall.publicW])).rows)
          const before = await read()
          await tx.exec('savepoint attempt')
          const error = await tx.query('select public.delete_own_wall($1)', [wall.publicW]).then(
            () => undefined,
            (e: Error & { code?: string }) => ({ code: e.code, message: e.message }),
          )
          await tx.exec('rollback to savepoint attempt')
          return { error, before, after: await read() }
        })
        expect(error).toEqual({ code: '42501', message: 'You can only delete Mooris you own.' })
        expect(after).toEqual(before)
      },
    )
  })

  describe('tombstones', () => {
    it('accept a retried delete as a no-op success (direct update and delete_polaroid alike)', async () => {
      const contributor = authOf('contributor')
      const retried = await runCase(db(), {
        auth: contributor,
        sql: 'update public.polaroids set deleted_at = now() where id = $1',
        params: [polaroid.cDeleted],
        row: { table: 'polaroids', id: polaroid.cDeleted },
      })
      expectOutcome(retried, { kind: 'noRows', row: { table: 'polaroids', id: polaroid.cDeleted } })

      const twice = await withRollback(db(), contributor, async (tx) => {
        const deletedAt = () =>
          asSuperuser(tx, contributor, async () => {
            const { rows } = await tx.query<{ d: string }>(
              'select deleted_at::text as d from public.polaroids where id = $1',
              [polaroid.cOnW],
            )
            return rows[0]?.d
          })
        await tx.query('select public.delete_polaroid($1)', [polaroid.cOnW])
        const first = await deletedAt()
        await tx.query('select public.delete_polaroid($1)', [polaroid.cOnW])
        return { first, second: await deletedAt() }
      })
      expect(twice.first).toMatch(/^\d{4}-/)
      expect(twice.second).toBe(twice.first)
    })

    const deletedRow = 'This item has been deleted and can no longer be changed.'
    const refusals: ReadonlyArray<
      Statement & {
        case: string
        actor: Parameters<typeof authOf>[0] | 'service'
        setup?: Statement[]
        expect: Expectation
      }
    > = [
      {
        case: 'the owner un-deletes a wall',
        actor: 'wallOwner',
        sql: 'update public.walls set deleted_at = null where id = $1',
        params: [wall.deletedW],
        expect: raises('P0001', deletedRow, 'walls', wall.deletedW),
      },
      {
        case: 'the service role makes a deleted wall private',
        actor: 'service',
        sql: 'update public.walls set private = true where id = $1',
        params: [wall.deletedW],
        expect: raises('P0001', deletedRow, 'walls', wall.deletedW),
      },
      {
        case: 'the creator un-deletes a polaroid',
        actor: 'contributor',
        sql: 'update public.polaroids set deleted_at = null where id = $1',
        params: [polaroid.cDeleted],
        expect: raises('P0001', deletedRow, 'polaroids', polaroid.cDeleted),
      },
      {
        case: 'the wall owner moves a deleted polaroid',
        actor: 'wallOwner',
        sql: 'update public.polaroids set x = 1 where id = $1',
        params: [polaroid.cDeleted],
        expect: raises('P0001', deletedRow, 'polaroids', polaroid.cDeleted),
      },
      {
        case: 'the creator un-deletes a sticker',
        actor: 'contributor',
        sql: 'update public.wall_stickers set deleted_at = null where id = $1',
        params: [sticker.cDeleted],
        expect: raises('P0001', deletedRow, 'wall_stickers', sticker.cDeleted),
      },
      {
        case: 'the owner renames a deleted wardrobe item',
        actor: 'itemOwner',
        setup: [
          {
            sql: 'update public.wardrobe_items set deleted_at = now() where id = $1',
            params: [item.iPrivate],
          },
        ],
        sql: "update public.wardrobe_items set name = 'Back' where id = $1",
        params: [item.iPrivate],
        expect: raises('P0001', deletedRow, 'wardrobe_items', item.iPrivate),
      },
    ]

    it.each(refusals.map((r) => [r.case, r] as const))('refuse any other change: %s', async (_name, r) => {
      if (r.expect.kind === 'sees') throw new Error('refusals write')
      const auth = r.actor === 'service' ? serviceAuth : authOf(r.actor)
      const outcome = await runCase(db(), {
        auth,
        sql: r.sql,
        params: r.params,
        setup: r.setup,
        row: r.expect.row,
      })
      expectOutcome(outcome, r.expect)
    })
  })

  describe('sync columns', () => {
    const stranger = authOf('stranger')
    const insertWall =
      'insert into public.walls (id, name, owner_id, created_at, txid) values ($1, $2, $3, $4, $5)'

    interface Stamp {
      created_at: string
      clamped: boolean
      txid: string
      current: string
      updated_at: string
    }
    const stampOf = `
      select created_at::text, created_at between now() and clock_timestamp() as clamped,
             txid::text, pg_current_xact_id()::text as current, updated_at::text
        from public.walls where id = $1`

    it('clamps a created_at from the future to the moment of writing, and stamps txid whatever the client sent', async () => {
      const stamp = await withRollback(db(), stranger, async (tx) => {
        await tx.query(insertWall, ['wall_new_1', 'Future', ids.stranger, '2999-01-01T00:00:00Z', '1'])
        return (await tx.query<Stamp>(stampOf, ['wall_new_1'])).rows[0]
      })
      expect(stamp?.clamped).toBe(true)
      expect(stamp?.txid).toBe(stamp?.current)
      expect(BigInt(stamp?.txid ?? '0')).toBeGreaterThan(1n)
    })

    it('keeps a created_at from the past (made offline) and never lets it change afterwards', async () => {
      const { inserted, updated } = await withRollback(db(), stranger, async (tx) => {
        await tx.query(insertWall, ['wall_new_1', 'Offline', ids.stranger, '2020-01-02T03:04:05Z', '1'])
        const inserted = (await tx.query<Stamp>(stampOf, ['wall_new_1'])).rows[0]
        await tx.query(`update public.walls set created_at = '2030-01-01', name = 'Later' where id = $1`, [
          'wall_new_1',
        ])
        return { inserted, updated: (await tx.query<Stamp>(stampOf, ['wall_new_1'])).rows[0] }
      })
      expect(inserted?.created_at).toBe('2020-01-02 03:04:05+00')
      expect(updated?.created_at).toBe('2020-01-02 03:04:05+00')
    })

    it('sets txid to the writing transaction, so it increases with every later write', async () => {
      const contributor = authOf('contributor')
      const fixture = (
        await db().query<{ txid: string; updated_at: string }>(
          'select txid::text, updated_at::text from public.polaroids where id = $1',
          [polaroid.cOnW],
        )
      ).rows[0]
      const write = () =>
        withRollback(db(), contributor, async (tx) => {
          await tx.query('select public.move_polaroid($1, 1, 2, 3)', [polaroid.cOnW])
          const { rows } = await tx.query<{ txid: string; current: string; updated_at: string }>(
            'select txid::text, pg_current_xact_id()::text as current, updated_at::text from public.polaroids where id = $1',
            [polaroid.cOnW],
          )
          return rows[0]
        })
      expect(fixture?.txid).toMatch(/^\d+$/)
      const first = await write()
      const second = await write()
      expect(first?.txid).toBe(first?.current)
      expect(second?.txid).toBe(second?.current)
      expect(BigInt(first?.txid ?? '0')).toBeGreaterThan(BigInt(fixture?.txid ?? '0'))
      expect(BigInt(second?.txid ?? '0')).toBeGreaterThan(BigInt(first?.txid ?? '0'))
      expect(Date.parse(first?.updated_at ?? '')).toBeGreaterThan(Date.parse(fixture?.updated_at ?? ''))
    })
  })

  describe('usernames', () => {
    it.each([
      ['its owner', authOf('stranger')],
      ['the service role', serviceAuth],
    ] as const)('cannot be changed, not even by %s', async (_who, auth) => {
      const outcome = await runCase(db(), {
        auth,
        sql: 'update public.profiles set username = $2 where id = $1',
        params: [ids.stranger, 'renamed'],
        row: { table: 'profiles', id: ids.stranger },
      })
      expectOutcome(outcome, raises('42501', 'Username cannot be changed.', 'profiles', ids.stranger))
    })
  })
}
