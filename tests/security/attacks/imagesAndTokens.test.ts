// Issue 13, must-fix 3 and 4, tried exactly as the probe did. (3) As anon, `POST /storage/v1/object/
// list/polaroid-images {"prefix":"<uid>/polaroids"}` listed the image of a private wall's polaroid, and
// an empty prefix listed every user's folder. (4) A token without `exp` (mintable by anyone who knows
// the public development secret) never stops working. The decision on public URLs is pinned here too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser } from '../../support/users'
import { RawSocket, realtimeUrl } from '../../integration/stack/realtime/realtimeKit'
import { send } from '../support/http'
import { ownerTokenWithoutExp, serviceRoleWithoutExp } from '../support/tokens'
import { buildWorld, jpeg, newId, type World } from '../support/world'

let stack: TestStack
let world: World

beforeAll(async () => {
  stack = await startTestStack({ autoConfirm: false })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.close()
})

function listAs(token: string, prefix: string) {
  return send(stack.port, {
    method: 'POST',
    path: '/storage/v1/object/list/polaroid-images',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ prefix, limit: 1000 }),
  })
}

const fileName = (path: string) => path.split('/').pop()!

describe('3. images of private walls', () => {
  it('are not listed to anon or a stranger under the owner’s folder; the owner sees them', async () => {
    const prefix = `${world.owner.id}/polaroids`
    for (const token of [stack.anonKey, world.stranger.accessToken]) {
      const answer = await listAs(token, prefix)
      expect(answer.status).toBe(200)
      expect(answer.body).not.toContain(fileName(world.files.privatePolaroid))
      expect(answer.body).toContain(fileName(world.files.publicPolaroid))
    }
    expect((await listAs(world.owner.accessToken, prefix)).body).toContain(
      fileName(world.files.privatePolaroid),
    )
  })

  it('do not put their owner’s folder in a listing of the whole bucket', async () => {
    const recluse = await createTestUser(stack)
    const wall = newId('recluse')
    const path = `${recluse.id}/polaroids/${newId('p')}.jpg`
    await recluse.client.storage
      .from('polaroid-images')
      .upload(path, await jpeg(), { contentType: 'image/jpeg' })
    expect(
      (
        await recluse.client
          .from('walls')
          .insert({ id: wall, name: 'Hidden', owner_id: recluse.id, private: true })
      ).error,
    ).toBeNull()
    expect(
      (
        await recluse.client
          .from('polaroids')
          .insert({
            id: newId('p'),
            wall_id: wall,
            image_path: `polaroid-images/${path}`,
            created_by: recluse.id,
          })
      ).error,
    ).toBeNull()
    for (const token of [stack.anonKey, world.stranger.accessToken]) {
      const answer = await listAs(token, '')
      expect(answer.body).not.toContain(recluse.id)
      expect(answer.body).toContain(world.owner.id)
    }
  })

  it('leave reach when their wall is made private; a public URL already known keeps working (by design)', async () => {
    const wall = newId('turning')
    const path = `${world.owner.id}/polaroids/${newId('turning')}.jpg`
    await world.owner.client.storage
      .from('polaroid-images')
      .upload(path, await jpeg(), { contentType: 'image/jpeg' })
    await world.owner.client
      .from('walls')
      .insert({ id: wall, name: 'Soon private', owner_id: world.owner.id })
    await world.owner.client
      .from('polaroids')
      .insert({
        id: newId('t'),
        wall_id: wall,
        image_path: `polaroid-images/${path}`,
        created_by: world.owner.id,
      })
    const info = () =>
      send(stack.port, {
        path: `/storage/v1/object/info/polaroid-images/${path}`,
        headers: { apikey: stack.anonKey },
      })
    const publicUrl = () => send(stack.port, { path: `/storage/v1/object/public/polaroid-images/${path}` })
    expect((await listAs(stack.anonKey, `${world.owner.id}/polaroids`)).body).toContain(fileName(path))
    expect((await info()).status).toBe(200)

    expect((await world.owner.client.from('walls').update({ private: true }).eq('id', wall)).error).toBeNull()
    expect((await listAs(stack.anonKey, `${world.owner.id}/polaroids`)).body).not.toContain(fileName(path))
    expect((await info()).status).toBe(404)
    // The decision (migration 20261124100000): the file stays where it is, its unguessable URL is a link.
    expect((await publicUrl()).status).toBe(200)
  })
})

describe('4. tokens without an expiry', () => {
  it('are refused everywhere, for the service role and for a user', async () => {
    const service = await serviceRoleWithoutExp(world)
    const user = await ownerTokenWithoutExp(world)
    const rest = await send(stack.port, {
      path: '/rest/v1/walls?select=*',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${service}` },
    })
    expect(rest.status).toBe(401)
    expect(rest.body).not.toContain(world.privateWall)
    const asUser = await send(stack.port, {
      path: '/rest/v1/walls?select=*',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user}` },
    })
    expect(asUser.status).toBe(401)
    const storage = await send(stack.port, {
      path: `/storage/v1/object/authenticated/ootd-images/${world.files.ootd}`,
      headers: { Authorization: `Bearer ${service}` },
    })
    expect(storage.status).toBeGreaterThanOrEqual(400)
    const admin = await send(stack.port, {
      path: '/auth/v1/admin/users',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${service}` },
    })
    expect(admin.status).toBe(403)
    expect(admin.body).not.toContain(world.owner.email)
    const me = await send(stack.port, {
      path: '/auth/v1/user',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user}` },
    })
    expect(me.status).toBe(403)
    const api = await send(stack.port, { path: '/api/me', headers: { Authorization: `Bearer ${user}` } })
    expect(api.status).toBe(401)

    const socket = await RawSocket.open(realtimeUrl(stack, stack.anonKey))
    try {
      for (const token of [user, service]) {
        const config = { postgres_changes: [{ event: '*', schema: 'public', table: 'walls' }] }
        const reply = await socket.request(null, `realtime:${newId('noexp')}`, 'phx_join', {
          config,
          access_token: token,
        })
        expect(reply[4]).toMatchObject({ status: 'error' })
      }
    } finally {
      socket.close()
    }
  })

  it('the same claims with an expiry work (the control)', async () => {
    const ok = await send(stack.port, {
      path: '/api/me',
      headers: { Authorization: `Bearer ${world.owner.accessToken}` },
    })
    expect(ok.status).toBe(200)
  })
})
