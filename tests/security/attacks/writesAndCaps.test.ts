// Issue 13, should-fix items, tried as written. Fields immutable after insert changed anyway (`PATCH
// /rest/v1/polaroids?id=eq.<id> {"original_page_url":"https://evil.example/"}` by the creator gave 200,
// and a sticker's original_item_name/description too); '..' segments in stored image paths; signed URLs
// of any lifetime; a 20 MB JSON body parsed; bulk inserts of any size; X-Forwarded-For believed from
// anyone, so a guesser could pick a fresh "address" for every try.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { startTestStack, type TestStack } from '../../support/stack'
import { json, send } from '../support/http'
import { callAs, rowNow } from '../support/rest'
import { buildWorld, newId, type World } from '../support/world'

let stack: TestStack
let world: World

beforeAll(async () => {
  stack = await startTestStack({ autoConfirm: false, passwordHashCost: 12, maxFailedSignIns: 5 })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.close()
})

describe('fields that never change after insert', () => {
  it('refuses the creator changing a polaroid’s original_page_url, over REST and through sync_push', async () => {
    const before = await rowNow(world, 'polaroids', world.privatePolaroid)
    const patch = await callAs(world, 'owner', {
      method: 'PATCH',
      path: `/rest/v1/polaroids?id=eq.${world.privatePolaroid}`,
      body: { original_page_url: 'https://evil.example/' },
    })
    expect(patch.status).toBe(403)
    expect(JSON.parse(patch.body)).toMatchObject({
      code: '42501',
      message: 'original_page_url cannot be changed.',
    })
    const push = await callAs(world, 'owner', {
      method: 'POST',
      path: '/rest/v1/rpc/sync_push',
      body: {
        mutations: [
          {
            op: 'update',
            table: 'polaroids',
            id: world.privatePolaroid,
            patch: { original_page_url: 'https://evil.example/' },
          },
        ],
      },
    })
    expect(JSON.parse(push.body)).toEqual([
      { ok: false, code: '42501', message: 'original_page_url cannot be changed.' },
    ])
    expect(await rowNow(world, 'polaroids', world.privatePolaroid)).toEqual(before)
  })

  it('refuses changing a sticker’s original_item_name and original_item_description', async () => {
    const before = await rowNow(world, 'wall_stickers', world.privateSticker)
    for (const field of ['original_item_name', 'original_item_description']) {
      const patch = await callAs(world, 'owner', {
        method: 'PATCH',
        path: `/rest/v1/wall_stickers?id=eq.${world.privateSticker}`,
        body: { [field]: 'rewritten history' },
      })
      expect(patch.status, field).toBe(403)
      expect(json<{ message: string }>(patch).message).toBe(`${field} cannot be changed.`)
    }
    expect(await rowNow(world, 'wall_stickers', world.privateSticker)).toEqual(before)
  })

  it('still lets the creator move the item (the mutable fields stay mutable)', async () => {
    const patch = await callAs(world, 'owner', {
      method: 'PATCH',
      path: `/rest/v1/polaroids?id=eq.${world.privatePolaroid}`,
      body: { x: 12, y: 34 },
    })
    expect(patch.status).toBe(204)
  })
})

describe('image paths', () => {
  it('refuses a .. segment in every stored path', async () => {
    const climb = (bucket: string) => `${bucket}/${world.owner.id}/../${world.stranger.id}/x.jpg`
    const attempts: Array<[string, Record<string, unknown>]> = [
      [
        'polaroids',
        {
          id: newId('p'),
          wall_id: world.publicWall,
          image_path: climb('polaroid-images'),
          created_by: world.owner.id,
        },
      ],
      [
        'wall_stickers',
        {
          id: newId('s'),
          wall_id: world.publicWall,
          image_path: climb('wardrobe-stickers'),
          created_by: world.owner.id,
        },
      ],
      ['wardrobe_items', { id: newId('w'), user_id: world.owner.id, image_path: climb('wardrobe-images') }],
    ]
    for (const [table, row] of attempts) {
      const answer = await callAs(world, 'owner', { method: 'POST', path: `/rest/v1/${table}`, body: row })
      expect(answer.status, table).toBe(400)
      expect(json<{ code: string }>(answer).code, table).toBe('23514')
      expect(await rowNow(world, table, String(row.id))).toBeNull()
    }
    const avatar = await callAs(world, 'owner', {
      method: 'PATCH',
      path: `/rest/v1/profiles?id=eq.${world.owner.id}`,
      body: { avatar_path: climb('polaroid-images') },
    })
    expect(avatar.status).toBe(400)
  })

  it('has the same check on every *_path column of every table (a new table must add it)', async () => {
    const { rows } = await stack.db.query<{ table_name: string; column_name: string; checked: boolean }>(`
      select c.table_name, c.column_name,
             exists (select 1 from pg_constraint k
                      where k.conrelid = ('public.' || quote_ident(c.table_name))::regclass and k.contype = 'c'
                        and pg_get_constraintdef(k.oid) like '%is_safe_object_path(' || c.column_name || ')%') as checked
        from information_schema.columns c
       where c.table_schema = 'public' and c.column_name like '%\\_path' and c.data_type = 'text'`)
    expect(rows.length).toBeGreaterThanOrEqual(4)
    expect(rows.filter((r) => !r.checked).map((r) => `${r.table_name}.${r.column_name}`)).toEqual([])
  })
})

describe('signed URLs', () => {
  it('live 7 days at most, whatever is asked', async () => {
    const sign = await callAs(world, 'owner', {
      method: 'POST',
      path: `/storage/v1/object/sign/wardrobe-images/${world.files.privateItem}`,
      body: { expiresIn: 10 * 365 * 86_400 },
    })
    const many = await callAs(world, 'owner', {
      method: 'POST',
      path: '/storage/v1/object/sign/wardrobe-images',
      body: { expiresIn: 10 * 365 * 86_400, paths: [world.files.privateItem] },
    })
    const urls = [json<{ signedURL: string }>(sign).signedURL, json<Array<{ signedURL: string }>>(many)[0]!.signedURL]
    for (const url of urls) {
      const claims = decodeJwt(new URL(url, stack.url).searchParams.get('token')!)
      expect(claims.exp! - claims.iat!).toBe(604_800)
    }
  })
})

describe('request bodies', () => {
  const big = JSON.stringify({ name: 'x'.repeat(20 * 1024 * 1024) })

  it('refuses a 20 MB JSON body on REST, auth, storage and the API', async () => {
    const headers = {
      apikey: stack.anonKey,
      Authorization: `Bearer ${world.owner.accessToken}`,
      'Content-Type': 'application/json',
    }
    const targets = [
      ['POST', '/rest/v1/walls'],
      ['POST', '/rest/v1/rpc/sync_push'],
      ['POST', '/auth/v1/signup'],
      ['POST', '/storage/v1/object/list/polaroid-images'],
      ['POST', '/api/walls'],
    ] as const
    for (const [method, path] of targets) {
      const answer = await send(stack.port, { method, path, headers, body: big })
      expect(answer.status, path).toBe(413)
    }
  })

  it('refuses a bulk insert of more rows than the cap, and stores none of them', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      id: newId(`bulk${i}`),
      name: 'Bulk',
      owner_id: world.owner.id,
    }))
    const answer = await callAs(world, 'owner', { method: 'POST', path: '/rest/v1/walls', body: rows })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'PGRST413',
      message: 'Too many rows in one insert: at most 1000',
    })
    const { rows: stored } = await stack.db.query("select 1 from public.walls where name = 'Bulk'")
    expect(stored).toEqual([])
  })

  it('refuses a push of more than 500 mutations (PostgREST answers SQLSTATE 54000 with 500) and applies none', async () => {
    const mutations = Array.from({ length: 501 }, (_, i) => ({
      op: 'insert',
      table: 'walls',
      row: { id: newId(`push${i}`), name: 'Pushed', owner_id: world.owner.id },
    }))
    const answer = await callAs(world, 'owner', {
      method: 'POST',
      path: '/rest/v1/rpc/sync_push',
      body: { mutations },
    })
    expect(answer.status).toBe(500)
    expect(JSON.parse(answer.body)).toMatchObject({
      code: '54000',
      message: 'At most 500 mutations per push',
    })
    const { rows: stored } = await stack.db.query("select 1 from public.walls where name = 'Pushed'")
    expect(stored).toEqual([])
  })
})

describe('X-Forwarded-For without a trusted proxy', () => {
  it('is ignored: a new "address" per try does not escape the limit of one account from one address', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const answer = await send(stack.port, {
        method: 'POST',
        path: '/auth/v1/token?grant_type=password',
        headers: {
          apikey: stack.anonKey,
          'Content-Type': 'application/json',
          'X-Forwarded-For': `203.0.113.${i + 1}`,
        },
        body: JSON.stringify({ email: 'guess@example.test', password: 'wrong-pass' }),
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
  })
})
