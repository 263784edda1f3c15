// When the server closes the sockets (here: Realtime shuts down and starts again on the same HTTP
// server), supabase-js reconnects, rejoins its channels and keeps receiving changes. Realtime runs on
// its own http.Server over a fresh database so the test can restart just this service.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../../../../supabase/local/config'
import type { StackContext } from '../../../../supabase/local/context'
import { createOriginPolicy } from '../../../../supabase/local/guard/originPolicy'
import { ImageRenders } from '../../../../supabase/local/storage/renderCache'
import { createSessionWatch } from '../../../../supabase/local/sessionWatch'
import { openDatabase } from '../../../../supabase/local/db/openDatabase'
import { makeApiKeys } from '../../../../supabase/local/keys'
import { attachRealtime, type RealtimeService } from '../../../../supabase/local/realtime/index'
import type { StackHandle } from '../../../../supabase/local/server'
import { createTestUser, type TestUser } from '../../../support/users'
import { Inbox, addPolaroid, makeWall, newId, rowId, subscribe } from './realtimeKit'

describe('realtime reconnects', () => {
  let server: http.Server
  let realtime: RealtimeService
  let stack: StackHandle
  let owner: TestUser

  beforeAll(async () => {
    const config = testConfig()
    const db = await openDatabase()
    const keys = await makeApiKeys(config.jwtSecret)
    server = http.createServer((_req, res) => res.writeHead(404).end())
    let url = ''
    const context: StackContext = {
      config,
      db,
      keys,
      origins: createOriginPolicy(config),
      storageRoot: os.tmpdir(),
      publicUrl: () => url,
      sessions: createSessionWatch(),
      renders: new ImageRenders(os.tmpdir(), config.renders),
    }
    realtime = await attachRealtime(server, context)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    url = `http://127.0.0.1:${port}`
    stack = {
      url,
      port,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      db,
      context,
      warnings: [],
      close: async () => {
        await realtime.close()
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
        await db.close()
      },
    }
    owner = await createTestUser(stack)
  })

  afterAll(async () => {
    await owner.client.removeAllChannels()
    await stack.close()
  })

  /** Restarts Realtime and waits until the client's socket is back, so new joins go to the new one. */
  async function restart(): Promise<void> {
    await realtime.close()
    await expect.poll(() => owner.client.realtime.isConnected()).toBe(false)
    realtime = await attachRealtime(server, stack.context)
    await expect.poll(() => owner.client.realtime.isConnected(), { timeout: 15_000 }).toBe(true)
  }

  it('resubscribes after the server closes the socket, and delivers again', async () => {
    const wall = await makeWall(stack, owner.id, { private: true })
    const inbox = new Inbox()
    const statuses: string[] = []
    const channel = owner.client
      .channel(newId('wall'))
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'polaroids', filter: `wall_id=eq.${wall}` },
        inbox.receive,
      )
    await new Promise<void>((resolve) =>
      channel.subscribe((status) => {
        statuses.push(status)
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve()
      }),
    )
    await inbox.waitFor(rowId(await addPolaroid(stack, wall, owner.id)))

    await realtime.close()
    await expect.poll(() => statuses).toContain('CHANNEL_ERROR')
    expect(owner.client.realtime.isConnected()).toBe(false)

    realtime = await attachRealtime(server, stack.context)
    await expect.poll(() => statuses.filter((s) => s === 'SUBSCRIBED').length, { timeout: 15_000 }).toBe(2)
    // The rejoin carried the user's token again: the private wall's changes still reach its owner.
    const afterRestart = await addPolaroid(stack, wall, owner.id)
    const event = await inbox.waitFor(rowId(afterRestart))
    expect(event.eventType).toBe('INSERT')

    // A second channel subscribed after the restart works alongside the rejoined one.
    const other = new Inbox()
    await subscribe(
      owner.client
        .channel(newId('again'))
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'polaroids' }, other.receive),
    )
    await stack.db.query('update public.polaroids set x = 3 where id = $1', [afterRestart])
    await other.waitFor(rowId(afterRestart))
    await inbox.waitFor((e) => e.eventType === 'UPDATE' && e.new.id === afterRestart)
  })

  it('captures tables that joined the publication when it attaches again, and releases those that left', async () => {
    await stack.db.exec(`
      create table public.realtime_notes (id text primary key, body text not null);
      alter table public.realtime_notes enable row level security;
      create policy "notes: everyone reads" on public.realtime_notes for select to anon, authenticated using (true);
      alter publication supabase_realtime add table public.realtime_notes;
    `)
    await restart()

    const notes = new Inbox()
    const channel = await subscribe(
      owner.client
        .channel(newId('notes'))
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'realtime_notes' },
          notes.receive,
        ),
    )
    await stack.db.query(`insert into public.realtime_notes (id, body) values ('n1', 'hello')`)
    expect((await notes.waitFor(rowId('n1'))).new).toEqual({ id: 'n1', body: 'hello' })
    await owner.client.removeChannel(channel)

    await stack.db.exec('alter publication supabase_realtime drop table public.realtime_notes')
    await restart()
    const triggers = await stack.db.query(
      `select 1 from pg_trigger where tgrelid = 'public.realtime_notes'::regclass and tgname = '_realtime_capture'`,
    )
    expect(triggers.rows).toEqual([])
    const refused = owner.client
      .channel(newId('notes'))
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'realtime_notes' }, () => undefined)
    await expect(subscribe(refused)).rejects.toThrow(/CHANNEL_ERROR: Unable to subscribe/)
    await owner.client.removeChannel(refused)
  })
})
