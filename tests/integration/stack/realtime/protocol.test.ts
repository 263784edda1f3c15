// The Phoenix frames themselves, read with a bare WebSocket: what the server accepts at the upgrade,
// heartbeats, the join reply realtime-js matches binding by binding, one event frame per channel with
// every matching id, rejoin and leave, error replies, and vsn 1.0.0 object frames.
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../../../../supabase/local/keys'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { RawSocket, addPolaroid, makeWall, newId, realtimeUrl, type RawFrame } from './realtimeKit'

function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      res.resume()
      ws.terminate()
    })
    ws.once('open', () => {
      ws.close()
      resolve(101)
    })
    ws.once('error', (error) => {
      if (!String(error.message).includes('Unexpected server response')) reject(error)
    })
  })
}

describe('realtime protocol', () => {
  let stack: TestStack
  let owner: TestUser
  let wall: string
  const sockets: RawSocket[] = []

  beforeAll(async () => {
    stack = await startTestStack()
    owner = await createTestUser(stack)
    wall = await makeWall(stack, owner.id)
  })

  afterAll(async () => {
    sockets.forEach((s) => s.close())
    await stack.close()
  })

  async function open(apikey = stack.anonKey, vsn = '2.0.0'): Promise<RawSocket> {
    const socket = await RawSocket.open(realtimeUrl(stack, apikey, vsn))
    sockets.push(socket)
    return socket
  }

  const isChange = (topic: string) => (f: RawFrame) => f[2] === topic && f[3] === 'postgres_changes'
  const aboutRow = (topic: string, id: string) => (f: RawFrame) => {
    const data = f[4].data as { record?: { id?: string }; old_record?: { id?: string } } | undefined
    return isChange(topic)(f) && (data?.record?.id === id || data?.old_record?.id === id)
  }

  it('accepts the upgrade only with the anon or service key', async () => {
    const base = `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket`
    expect(await upgradeStatus(`${base}?vsn=2.0.0`)).toBe(401)
    expect(await upgradeStatus(`${base}?apikey=nope&vsn=2.0.0`)).toBe(401)
    expect(await upgradeStatus(`${base}?apikey=${owner.accessToken}&vsn=2.0.0`)).toBe(401)
    expect(await upgradeStatus(`${base}?apikey=${stack.anonKey}&vsn=2.0.0`)).toBe(101)
    expect(await upgradeStatus(`${base}?apikey=${stack.serviceRoleKey}&vsn=2.0.0`)).toBe(101)
    expect(await upgradeStatus(`${stack.url.replace(/^http/, 'ws')}/elsewhere?apikey=${stack.anonKey}`)).toBe(
      404,
    )
  })

  it('answers a heartbeat with an ok reply carrying the same ref', async () => {
    const socket = await open()
    socket.send([null, '41', 'phoenix', 'heartbeat', {}])
    const reply = await socket.next((f) => f[1] === '41')
    expect(reply).toEqual([null, '41', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])
  })

  it('echoes the bindings with integer ids and sends one frame per change with every matching id', async () => {
    const socket = await open()
    const topic = `realtime:${newId('raw')}`
    const bindings = [
      { event: '*', schema: 'public', table: 'polaroids', filter: `wall_id=eq.${wall}` },
      { event: 'INSERT', schema: 'public', table: 'polaroids' },
      { event: 'DELETE', schema: 'public', table: 'polaroids' },
    ]
    const config = {
      broadcast: { ack: false, self: false },
      presence: { key: '', enabled: false },
      postgres_changes: bindings,
      private: false,
    }
    const reply = await socket.request(null, topic, 'phx_join', { config })
    const joinRef = reply[1]
    expect(reply[0]).toBe(joinRef)
    const response = reply[4] as { status: string; response: { postgres_changes: Array<{ id: unknown }> } }
    expect(response.status).toBe('ok')
    const echoed = response.response.postgres_changes
    expect(echoed.map(({ id: _id, ...rest }) => rest)).toEqual(bindings)
    const ids = echoed.map((b) => b.id)
    ids.forEach((id) => expect(Number.isInteger(id)).toBe(true))
    expect(new Set(ids).size).toBe(3)
    await socket.next((f) => f[2] === topic && f[3] === 'system')
    expect(socket.frames.find((f) => f[2] === topic && f[3] === 'system')).toEqual([
      joinRef,
      null,
      topic,
      'system',
      {
        channel: topic.slice('realtime:'.length),
        extension: 'postgres_changes',
        message: 'Subscribed to PostgreSQL',
        status: 'ok',
      },
    ])

    const id = await addPolaroid(stack, wall, owner.id)
    const frame = await socket.next(aboutRow(topic, id))
    expect(frame[0]).toBe(joinRef)
    expect(frame[1]).toBeNull()
    const payload = frame[4] as { ids: number[]; data: Record<string, unknown> }
    expect(payload.ids).toEqual([ids[0], ids[1]])
    expect(payload.data).toMatchObject({ schema: 'public', table: 'polaroids', type: 'INSERT', errors: null })
    expect(payload.data.columns).toEqual(
      expect.arrayContaining([
        { name: 'id', type: 'text' },
        { name: 'x', type: 'float8' },
        { name: 'z_index', type: 'int4' },
        { name: 'timestamp', type: 'int8' },
        { name: 'created_by', type: 'uuid' },
        { name: 'created_at', type: 'timestamptz' },
      ]),
    )
    expect(payload.data).not.toHaveProperty('old_record')

    await stack.db.query('delete from public.polaroids where id = $1', [id])
    const deleted = await socket.next(
      (f) => aboutRow(topic, id)(f) && (f[4].data as { type: string }).type === 'DELETE',
    )
    expect((deleted[4] as { ids: number[] }).ids).toEqual([ids[0], ids[2]])
    expect((deleted[4] as { data: Record<string, unknown> }).data).toMatchObject({ old_record: { id } })
    expect((deleted[4] as { data: Record<string, unknown> }).data).not.toHaveProperty('record')
    expect(socket.frames.filter(aboutRow(topic, id))).toHaveLength(2)
  })

  it('lets a new join on the same topic replace the previous one, and a leave end it', async () => {
    const socket = await open()
    const topic = `realtime:${newId('rejoin')}`
    const sentinelTopic = `realtime:${newId('sentinel')}`
    const binding = (event: string) => ({
      config: { postgres_changes: [{ event, schema: 'public', table: 'polaroids' }] },
    })
    const first = await socket.request(null, topic, 'phx_join', binding('UPDATE'))
    const second = await socket.request(null, topic, 'phx_join', binding('INSERT'))
    await socket.request(null, sentinelTopic, 'phx_join', binding('*'))
    const secondId = (second[4] as { response: { postgres_changes: Array<{ id: number }> } }).response
      .postgres_changes[0]!.id

    const id = await addPolaroid(stack, wall, owner.id)
    const frame = await socket.next(aboutRow(topic, id))
    expect(frame[0]).toBe(second[1])
    expect(frame[0]).not.toBe(first[1])
    expect((frame[4] as { ids: number[] }).ids).toEqual([secondId])
    await stack.db.query('update public.polaroids set x = 2 where id = $1', [id])
    await socket.next(
      (f) => aboutRow(sentinelTopic, id)(f) && (f[4].data as { type: string }).type === 'UPDATE',
    )
    expect(socket.frames.filter(aboutRow(topic, id))).toHaveLength(1)

    const leave = await socket.request(second[1], topic, 'phx_leave', {})
    expect(leave[4]).toEqual({ status: 'ok', response: {} })
    const later = await addPolaroid(stack, wall, owner.id)
    await socket.next(aboutRow(sentinelTopic, later))
    expect(socket.frames.filter(aboutRow(topic, later))).toEqual([])
  })

  it('refuses joins with a bad token, an unknown table or a bad filter, saying why', async () => {
    const socket = await open()
    const join = (payload: Record<string, unknown>) =>
      socket.request(null, `realtime:${newId('bad')}`, 'phx_join', payload)
    const polaroids = { postgres_changes: [{ event: '*', schema: 'public', table: 'polaroids' }] }

    const invalid = await join({ config: polaroids, access_token: 'garbage' })
    expect(invalid[4]).toEqual({ status: 'error', response: { reason: 'Invalid JWT' } })
    const forged = await signJwt('some-other-secret', { sub: owner.id, role: 'authenticated' }, 3600)
    expect((await join({ config: polaroids, access_token: forged }))[4]).toEqual({
      status: 'error',
      response: { reason: 'Invalid JWT' },
    })
    const expired = await signJwt(
      stack.context.config.jwtSecret,
      { sub: owner.id, role: 'authenticated' },
      -10,
    )
    expect((await join({ config: polaroids, access_token: expired }))[4]).toEqual({
      status: 'error',
      response: { reason: 'JWT expired' },
    })

    const unknownTable = await join({
      config: { postgres_changes: [{ event: '*', schema: 'public', table: 'secrets' }] },
    })
    expect(unknownTable[4]).toMatchObject({ status: 'error' })
    expect(JSON.stringify(unknownTable[4])).toContain('supabase_realtime publication')

    const badColumn = await join({
      config: {
        postgres_changes: [{ event: '*', schema: 'public', table: 'polaroids', filter: 'nope=eq.1' }],
      },
    })
    expect(JSON.stringify(badColumn[4])).toContain('column \\"nope\\" does not exist')
    const badOperator = await join({
      config: {
        postgres_changes: [{ event: '*', schema: 'public', table: 'polaroids', filter: 'x=between.1' }],
      },
    })
    expect(JSON.stringify(badOperator[4])).toContain('operator \\"between\\" is not supported')
    const badNumber = await join({
      config: {
        postgres_changes: [{ event: '*', schema: 'public', table: 'polaroids', filter: 'z_index=gt.high' }],
      },
    })
    expect(badNumber[4]).toMatchObject({ status: 'error' })

    // A join without postgres_changes (broadcast or presence only) is accepted with no bindings.
    const plain = await join({ config: { broadcast: { self: false }, presence: { enabled: false } } })
    expect(plain[4]).toEqual({ status: 'ok', response: { postgres_changes: [] } })
  })

  it('accepts the user JWT or the anon key as access_token, and replies "unmatched topic" to strangers', async () => {
    const socket = await open()
    const topic = `realtime:${newId('tok')}`
    const join = await socket.request(null, topic, 'phx_join', {
      config: { postgres_changes: [{ event: '*', schema: 'public', table: 'walls' }] },
      access_token: owner.accessToken,
    })
    expect(join[4]).toMatchObject({ status: 'ok' })
    socket.send([join[1], socket.nextRef(), topic, 'access_token', { access_token: stack.anonKey }])
    const heartbeat = await socket.request(null, 'phoenix', 'heartbeat', {})
    expect(heartbeat[4]).toEqual({ status: 'ok', response: {} })
    expect(socket.frames.filter((f) => f[2] === topic && f[3] !== 'phx_reply' && f[3] !== 'system')).toEqual(
      [],
    )

    const stray = await socket.request('9', `realtime:${newId('never-joined')}`, 'broadcast', {
      type: 'broadcast',
      event: 'x',
      payload: {},
    })
    expect(stray[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } })
  })

  it('speaks vsn 1.0.0 object frames too', async () => {
    const ws = new WebSocket(realtimeUrl(stack, stack.anonKey, '1.0.0'))
    await new Promise((resolve) => ws.once('open', resolve))
    const received: Array<Record<string, unknown>> = []
    ws.on('message', (data: Buffer) =>
      received.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>),
    )
    const topic = `realtime:${newId('v1')}`
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1', join_ref: null }))
    ws.send(
      JSON.stringify({
        topic,
        event: 'phx_join',
        payload: {
          config: {
            postgres_changes: [
              { event: 'INSERT', schema: 'public', table: 'polaroids', filter: `wall_id=eq.${wall}` },
            ],
          },
        },
        ref: '2',
        join_ref: '2',
      }),
    )
    await expect.poll(() => received.length).toBeGreaterThanOrEqual(2)
    expect(received[0]).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '1',
      join_ref: null,
    })
    expect(received[1]).toMatchObject({
      topic,
      event: 'phx_reply',
      ref: '2',
      join_ref: '2',
      payload: { status: 'ok' },
    })
    const id = await addPolaroid(stack, wall, owner.id)
    await expect
      .poll(() => received.find((m) => m.event === 'postgres_changes'))
      .toMatchObject({
        topic,
        join_ref: '2',
        ref: null,
        payload: { data: { type: 'INSERT', record: { id } } },
      })
    ws.close()
  })
})
