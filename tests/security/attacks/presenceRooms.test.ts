// Issue 23, low: presence rooms follow the session that joined them and limit the person, not the join.
// A sign-out, a deleted account or a token that runs out ends the channel (system error, phx_close);
// the broadcast budget is not refilled by leaving and joining again; one user has a bounded number of
// sockets and channels; and a drag step on a wall is relayed only from someone who may move that card.
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { issueAccessToken } from '../../../supabase/local/accessToken'
import {
  BROADCAST_BURST,
  MAX_CHANNELS_PER_USER,
  MAX_SOCKETS_PER_USER,
} from '../../../supabase/local/realtime/presence'
import { MAX_CHANNELS_PER_SOCKET } from '../../../supabase/local/realtime/realtimeConnection'
import { SESSION_ENDED, TOKEN_EXPIRED } from '../../../supabase/local/realtime/sessionEnds'
import {
  addPolaroid,
  makeWall,
  RawSocket,
  realtimeUrl,
  type RawFrame,
} from '../../integration/stack/realtime/realtimeKit'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { send } from '../support/http'

let stack: TestStack
let owner: TestUser
let wall: string
const sockets: RawSocket[] = []

beforeAll(async () => {
  stack = await startTestStack()
  owner = await createTestUser(stack)
  wall = await makeWall(stack, owner.id)
})

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close()
})

afterAll(async () => {
  await stack?.close()
})

async function socket(): Promise<RawSocket> {
  const opened = await RawSocket.open(realtimeUrl(stack, stack.anonKey))
  sockets.push(opened)
  return opened
}

const room = (id = wall) => `realtime:presence:wall:${id}`

async function join(
  s: RawSocket,
  token: string,
  topic = room(),
): Promise<{ joinRef: string; reply: RawFrame }> {
  const reply = await s.request(null, topic, 'phx_join', {
    config: {
      broadcast: { self: false, ack: true },
      presence: { enabled: true, key: '' },
      postgres_changes: [],
    },
    access_token: token,
  })
  return { joinRef: reply[0]!, reply }
}

const status = (reply: RawFrame) => (reply[4] as { status: string }).status
const reason = (reply: RawFrame) => (reply[4] as { response: { reason?: string } }).response.reason

function closedWith(s: RawSocket, topic: string, message: string, timeoutMs = 5000): Promise<RawFrame> {
  return s.next(
    (f) => f[2] === topic && f[3] === 'system' && (f[4] as { message?: string }).message === message,
    timeoutMs,
  )
}

/** A user with a session of their own and a token for it (lifetime in seconds). */
async function userWithSession(lifetime = 3600): Promise<TestUser & { token: string }> {
  const user = await createTestUser(stack)
  const sessionId = randomUUID()
  await stack.db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, user.id])
  const { accessToken } = await issueAccessToken(
    { secret: stack.context.config.jwtSecret, issuer: `${stack.url}/auth/v1`, expiresIn: lifetime },
    { id: user.id, email: user.email },
    sessionId,
  )
  return { ...user, token: accessToken }
}

describe('a room ends with its session', () => {
  it('on sign-out', async () => {
    const user = await userWithSession()
    const s = await socket()
    expect(status((await join(s, user.token)).reply)).toBe('ok')
    const out = await send(stack.port, {
      method: 'POST',
      path: '/auth/v1/logout?scope=local',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.token}` },
    })
    expect(out.status).toBe(204)
    await closedWith(s, room(), SESSION_ENDED)
    await s.next((f) => f[2] === room() && f[3] === 'phx_close')
  })

  it('when the account is deleted', async () => {
    const user = await userWithSession()
    const s = await socket()
    expect(status((await join(s, user.token)).reply)).toBe('ok')
    const deleted = await send(stack.port, {
      method: 'DELETE',
      path: `/auth/v1/admin/users/${user.id}`,
      headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` },
    })
    expect(deleted.status).toBe(200)
    await closedWith(s, room(), SESSION_ENDED)
  })

  it('when its token expires', async () => {
    const user = await userWithSession(2)
    const s = await socket()
    expect(status((await join(s, user.token)).reply)).toBe('ok')
    await closedWith(s, room(), TOKEN_EXPIRED, 12_000)
  }, 20_000)
})

describe('limits per person', () => {
  it('does not refill the broadcast budget when the user joins again', async () => {
    const user = await userWithSession()
    const s = await socket()
    let { joinRef } = await join(s, user.token)
    /** Sends `count` broadcasts at once; how many were refused for the rate. */
    const burst = async (on: RawSocket, ref: string, count: number) => {
      const replies = await Promise.all(
        Array.from({ length: count }, () =>
          on.request(ref, room(), 'broadcast', { type: 'broadcast', event: 'wave', payload: {} }),
        ),
      )
      return replies.filter((r) => /rate limited/.test(reason(r) ?? '')).length
    }
    expect(await burst(s, joinRef, BROADCAST_BURST * 2)).toBeGreaterThanOrEqual(BROADCAST_BURST / 2)
    await s.request(joinRef, room(), 'phx_leave', {})
    ;({ joinRef } = await join(s, user.token))
    // A fresh budget would let all of these through.
    expect(await burst(s, joinRef, 10)).toBeGreaterThanOrEqual(5)
    const other = await socket()
    const again = await join(other, user.token)
    expect(await burst(other, again.joinRef, 10)).toBeGreaterThanOrEqual(5)
  })

  it('caps the sockets one user may hold', async () => {
    const user = await userWithSession()
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) {
      expect(status((await join(await socket(), user.token)).reply)).toBe('ok')
    }
    const refused = (await join(await socket(), user.token)).reply
    expect(status(refused)).toBe('error')
    expect(reason(refused)).toMatch(/too many connections/)
  }, 60_000)

  it('caps the channels one socket (and one user) may join', async () => {
    expect(MAX_CHANNELS_PER_SOCKET).toBeLessThanOrEqual(MAX_CHANNELS_PER_USER)
    const user = await userWithSession()
    const s = await socket()
    for (let i = 0; i < MAX_CHANNELS_PER_SOCKET; i++) {
      expect(status((await join(s, user.token, `realtime:room-${i}`)).reply)).toBe('ok')
    }
    const refused = (await join(s, user.token, 'realtime:one-too-many')).reply
    expect(reason(refused)).toMatch(/too many channels/)
    const elsewhere = (await join(await socket(), user.token, 'realtime:elsewhere')).reply
    expect(reason(elsewhere)).toMatch(/too many channels/)
  }, 60_000)
})

describe('drag steps', () => {
  it('are relayed only from someone who may move the card', async () => {
    const wallOwner = await userWithSession()
    const stranger = await userWithSession()
    const board = await makeWall(stack, wallOwner.id)
    const card = await addPolaroid(stack, board, wallOwner.id)
    const topic = room(board)
    const watcher = await socket()
    expect(status((await join(watcher, (await userWithSession()).token, topic)).reply)).toBe('ok')
    const drag = (x: number) => ({ type: 'broadcast', event: 'drag', payload: { item: card, x, y: 10 } })

    const strangerSocket = await socket()
    const s = await join(strangerSocket, stranger.token, topic)
    const refused = await strangerSocket.request(s.joinRef, topic, 'broadcast', drag(111))
    expect(reason(refused)).toBe('You may not move that card')

    const ownerSocket = await socket()
    const o = await join(ownerSocket, wallOwner.token, topic)
    expect(status(await ownerSocket.request(o.joinRef, topic, 'broadcast', drag(222)))).toBe('ok')
    const seen = await watcher.next((f) => f[3] === 'broadcast')
    expect(JSON.stringify(seen[4])).toContain('222')
    expect(watcher.frames.some((f) => f[3] === 'broadcast' && JSON.stringify(f[4]).includes('111'))).toBe(
      false,
    )
  })
})
