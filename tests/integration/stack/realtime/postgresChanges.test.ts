// postgres_changes through the unmodified supabase-js client: the event shapes it builds, filters,
// event-specific bindings, transactions (commit order, rollback) and unsubscribing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asRole, userAuth } from '../../../../supabase/local/db/asRole'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { Inbox, addPolaroid, makeWall, newId, rowId, subscribe } from './realtimeKit'

describe('realtime postgres_changes', () => {
  let stack: TestStack
  let owner: TestUser
  let wallA: string
  let wallB: string
  let wallC: string

  beforeAll(async () => {
    stack = await startTestStack()
    owner = await createTestUser(stack)
    wallA = await makeWall(stack, owner.id)
    wallB = await makeWall(stack, owner.id)
    wallC = await makeWall(stack, owner.id)
  })

  afterAll(async () => {
    await owner.client.removeAllChannels()
    await stack.close()
  })

  function polaroidsOf(
    name: string,
    inbox: Inbox,
    filter?: string,
    event: '*' | 'INSERT' | 'UPDATE' | 'DELETE' = '*',
  ) {
    return owner.client
      .channel(name)
      .on(
        'postgres_changes',
        { event, schema: 'public', table: 'polaroids', ...(filter ? { filter } : {}) },
        inbox.receive,
      )
  }

  it('delivers INSERT, UPDATE and DELETE in the shape supabase-js builds, with typed values', async () => {
    const inbox = new Inbox()
    await subscribe(polaroidsOf(newId('shape'), inbox, `wall_id=eq.${wallA}`))
    const id = newId('pol')
    const before = Date.now()
    await asRole(stack.db, userAuth(owner.id), (tx) =>
      tx.query(
        `insert into public.polaroids (id, wall_id, created_by, external_url, name, x, z_index)
         values ($1, $2, $3, 'https://images.example.test/a.png', 'Hello', 10.5, 7)`,
        [id, wallA, owner.id],
      ),
    )
    const inserted = await inbox.waitFor((e) => e.eventType === 'INSERT' && e.new.id === id)
    expect(inserted).toMatchObject({
      schema: 'public',
      table: 'polaroids',
      eventType: 'INSERT',
      old: {},
      errors: null,
    })
    expect(inserted.new).toMatchObject({
      id,
      wall_id: wallA,
      name: 'Hello',
      x: 10.5,
      y: 0,
      z_index: 7,
      created_by: owner.id,
      username: owner.username,
      deleted_at: null,
      image_path: null,
    })
    expect(typeof inserted.new.timestamp).toBe('number')
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
    expect(Math.abs(Date.parse(inserted.commit_timestamp) - before)).toBeLessThan(5000)

    await asRole(stack.db, userAuth(owner.id), (tx) =>
      tx.query('update public.polaroids set x = 42, z_index = 8 where id = $1', [id]),
    )
    const updated = await inbox.waitFor((e) => e.eventType === 'UPDATE' && e.new.id === id)
    expect(updated.new).toMatchObject({ id, x: 42, z_index: 8, name: 'Hello' })
    expect(updated.old).toEqual({ id })

    await stack.db.query('delete from public.polaroids where id = $1', [id])
    const deleted = await inbox.waitFor((e) => e.eventType === 'DELETE' && e.old.id === id)
    expect(deleted.new).toEqual({})
    expect(deleted.old).toEqual({ id })
    expect(inbox.about(id).map((e) => e.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE'])
  })

  it('applies eq and in filters; a subscription to another wall hears nothing', async () => {
    const onB = new Inbox()
    const onAorC = new Inbox()
    const all = new Inbox()
    await subscribe(polaroidsOf(newId('eqB'), onB, `wall_id=eq.${wallB}`))
    await subscribe(polaroidsOf(newId('inAC'), onAorC, `wall_id=in.(${wallA},${wallC})`))
    await subscribe(polaroidsOf(newId('all'), all))

    const onWallA = await addPolaroid(stack, wallA, owner.id)
    const onWallC = await addPolaroid(stack, wallC, owner.id)
    await all.waitFor(rowId(onWallC))
    await onAorC.waitFor(rowId(onWallA))
    await onAorC.waitFor(rowId(onWallC))
    // Frames on one socket keep commit order: once the later change arrived, the earlier was decided.
    expect(onB.events).toEqual([])

    const onWallB = await addPolaroid(stack, wallB, owner.id)
    await onB.waitFor(rowId(onWallB))
    await all.waitFor(rowId(onWallB))
    expect(onAorC.about(onWallB)).toEqual([])
  })

  it('compares filter values with the column type (numbers as numbers)', async () => {
    const high = new Inbox()
    const all = new Inbox()
    await subscribe(polaroidsOf(newId('gte'), high, `wall_id=eq.${wallA},z_index=gte.5`))
    await subscribe(polaroidsOf(newId('all'), all))
    const z10 = await addPolaroid(stack, wallA, owner.id, { zIndex: 10 })
    const z4 = await addPolaroid(stack, wallA, owner.id, { zIndex: 4 })
    await all.waitFor(rowId(z4))
    await high.waitFor(rowId(z10))
    expect(high.about(z4)).toEqual([])
  })

  it('an INSERT-only binding receives neither UPDATE nor DELETE', async () => {
    const inserts = new Inbox()
    const all = new Inbox()
    await subscribe(polaroidsOf(newId('ins'), inserts, `wall_id=eq.${wallA}`, 'INSERT'))
    await subscribe(polaroidsOf(newId('all'), all, `wall_id=eq.${wallA}`))
    const id = await addPolaroid(stack, wallA, owner.id)
    await stack.db.query('update public.polaroids set x = 1 where id = $1', [id])
    await all.waitFor((e) => e.eventType === 'UPDATE' && e.new.id === id)
    await stack.db.query('delete from public.polaroids where id = $1', [id])
    await all.waitFor((e) => e.eventType === 'DELETE' && e.old.id === id)
    expect(inserts.about(id).map((e) => e.eventType)).toEqual(['INSERT'])
  })

  it('several bindings in one channel each fire once per change', async () => {
    const star = new Inbox()
    const insertOnly = new Inbox()
    const channel = owner.client
      .channel(newId('two'))
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'polaroids', filter: `wall_id=eq.${wallB}` },
        star.receive,
      )
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'polaroids' }, insertOnly.receive)
    await subscribe(channel)
    const id = await addPolaroid(stack, wallB, owner.id)
    await star.waitFor(rowId(id))
    await insertOnly.waitFor(rowId(id))
    await stack.db.query('update public.polaroids set y = 3 where id = $1', [id])
    await star.waitFor((e) => e.eventType === 'UPDATE' && e.new.id === id)
    expect(star.about(id).map((e) => e.eventType)).toEqual(['INSERT', 'UPDATE'])
    expect(insertOnly.about(id).map((e) => e.eventType)).toEqual(['INSERT'])
  })

  it('delivers every change of a transaction, in commit order', async () => {
    const inbox = new Inbox()
    await subscribe(polaroidsOf(newId('tx'), inbox, `wall_id=eq.${wallC}`))
    const ids = [newId('pol'), newId('pol'), newId('pol')]
    await asRole(stack.db, userAuth(owner.id), async (tx) => {
      for (const id of ids) {
        await tx.query(
          `insert into public.polaroids (id, wall_id, created_by, external_url) values ($1, $2, $3, 'https://e.test/p.png')`,
          [id, wallC, owner.id],
        )
      }
      await tx.query('update public.polaroids set x = 5 where id = $1', [ids[0]])
    })
    await inbox.waitFor((e) => e.eventType === 'UPDATE' && e.new.id === ids[0])
    const seen = inbox.events.filter((e) => ids.includes(String(e.new.id)))
    expect(seen.map((e): unknown[] => [e.eventType, e.new.id])).toEqual([
      ['INSERT', ids[0]],
      ['INSERT', ids[1]],
      ['INSERT', ids[2]],
      ['UPDATE', ids[0]],
    ])
    expect(new Set(seen.map((e) => e.commit_timestamp)).size).toBe(1)
  })

  it('a rolled-back transaction delivers nothing', async () => {
    const inbox = new Inbox()
    await subscribe(polaroidsOf(newId('rb'), inbox, `wall_id=eq.${wallA}`))
    const doomed = newId('pol')
    await expect(
      asRole(stack.db, userAuth(owner.id), async (tx) => {
        await tx.query(
          `insert into public.polaroids (id, wall_id, created_by, external_url) values ($1, $2, $3, 'https://e.test/p.png')`,
          [doomed, wallA, owner.id],
        )
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const kept = await addPolaroid(stack, wallA, owner.id)
    await inbox.waitFor(rowId(kept))
    expect(inbox.about(doomed)).toEqual([])
    expect((await stack.db.query('select 1 from public.polaroids where id = $1', [doomed])).rows).toEqual([])
  })

  it('lets a transaction that will be PREPAREd write with realtime.skip_notify, and delivers it once committed', async () => {
    const inbox = new Inbox()
    await subscribe(polaroidsOf(newId('2pc'), inbox, `wall_id=eq.${wallB}`))
    const id = newId('pol')
    await stack.db.exec(`
      begin;
      set local realtime.skip_notify = on;
      insert into public.polaroids (id, wall_id, created_by, external_url)
        values ('${id}', '${wallB}', '${owner.id}', 'https://e.test/p.png');
      prepare transaction 'realtime_2pc';
    `)
    const sentinel = await addPolaroid(stack, wallB, owner.id)
    await inbox.waitFor(rowId(sentinel))
    expect(inbox.about(id)).toEqual([])
    await stack.db.exec(`commit prepared 'realtime_2pc'`)
    // No notification was sent: the periodic sweep picks the change up.
    await inbox.waitFor(rowId(id), 5000)
  })

  it('stops delivering to a channel once it is removed', async () => {
    const removed = new Inbox()
    const kept = new Inbox()
    const channel = await subscribe(polaroidsOf(newId('gone'), removed, `wall_id=eq.${wallB}`))
    await subscribe(polaroidsOf(newId('kept'), kept, `wall_id=eq.${wallB}`))
    const first = await addPolaroid(stack, wallB, owner.id)
    await removed.waitFor(rowId(first))
    expect(await owner.client.removeChannel(channel)).toBe('ok')
    const second = await addPolaroid(stack, wallB, owner.id)
    await kept.waitFor(rowId(second))
    expect(removed.about(second)).toEqual([])
  })
})
