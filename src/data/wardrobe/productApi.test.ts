import { describe, expect, it } from 'vitest'
import { messages } from '@/lib/messages'
import { ApiCallError, callProductApi, createProductApi, parseRetryAfter, type ProductApiConnection } from './productApi'

/** A connection whose fetch answers from a list and records what it was asked. */
function connection(answer: () => Response | Promise<Response>, token: string | null = 'tok') {
  const asked: Array<{ url: string; method: string; auth: string | null; type: string | null; body: unknown }> = []
  const conn: ProductApiConnection = {
    apiUrl: 'https://moori.test/api',
    accessToken: () => Promise.resolve(token),
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers)
      asked.push({
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        method: init?.method ?? 'GET',
        auth: headers.get('Authorization'),
        type: headers.get('Content-Type'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      })
      return answer()
    },
  }
  return { conn, asked }
}

const failure = (call: Promise<unknown>) => call.then(() => null, (error: unknown) => error)

describe('the product API client', () => {
  it('sends JSON with the caller token and answers the JSON body', async () => {
    const { conn, asked } = connection(() => Response.json({ path: 'wardrobe-stickers/u/cutouts/a.png' }))
    const api = createProductApi(conn, 'u')
    expect(await api.removeBackground({ itemId: 'a', imagePath: 'wardrobe-images/u/a.jpg' })).toEqual({ path: 'wardrobe-stickers/u/cutouts/a.png' })
    expect(asked).toEqual([
      {
        url: 'https://moori.test/api/wardrobe/remove-background',
        method: 'POST',
        auth: 'Bearer tok',
        type: 'application/json',
        body: { image_url: 'wardrobe-images/u/a.jpg', user_id: 'u', item_id: 'a', max_size: 800 },
      },
    ])
  })

  it('deletes the account with no body, and takes an empty answer', async () => {
    const { conn, asked } = connection(() => new Response(null, { status: 204 }))
    await createProductApi(conn, 'u').deleteAccount()
    expect(asked).toMatchObject([{ url: 'https://moori.test/api/account', method: 'DELETE', type: null, body: null }])
  })

  it("turns a refusal into an ApiCallError with the server's words and status", async () => {
    const json = connection(() => Response.json({ error: 'owner_id must be your own user id' }, { status: 403 }))
    const refused = await failure(createProductApi(json.conn, 'u').generateWall({ prompt: 'linen', ownerId: 'x' }))
    expect(refused).toBeInstanceOf(ApiCallError)
    expect(refused).toMatchObject({ message: 'owner_id must be your own user id', status: 403 })
    const text = connection(() => new Response('Bad gateway', { status: 502 }))
    expect(await failure(callProductApi(text.conn, '/x'))).toMatchObject({ message: 'Bad gateway', status: 502 })
    const empty = connection(() => new Response('', { status: 500 }))
    expect(await failure(callProductApi(empty.conn, '/x'))).toMatchObject({ message: 'The server answered 500', status: 500 })
  })

  it('says it needs a connection, with status 0, when the call never reached the server', async () => {
    const { conn } = connection(() => Promise.reject(new TypeError('Failed to fetch')))
    const offline = await failure(createProductApi(conn, 'u').deleteAccount())
    expect(offline).toBeInstanceOf(ApiCallError)
    expect(offline).toMatchObject({ message: messages.needsConnection, status: 0 })
  })

  it('refuses an answer without what was asked for', async () => {
    const { conn } = connection(() => Response.json({}, { status: 201 }))
    expect(await failure(createProductApi(conn, 'u').generateWall({ prompt: 'p', ownerId: 'u' }))).toBeInstanceOf(ApiCallError)
    const anonymous = connection(() => Response.json({ ok: true }), null)
    await callProductApi(anonymous.conn, '/x')
    expect(anonymous.asked[0]!.auth).toBeNull()
  })

  it("keeps a 429's Retry-After, in seconds or as a date, so the sync worker waits as asked", async () => {
    const busy = connection(() => Response.json({ error: 'The wardrobe engine is busy.' }, { status: 429, headers: { 'Retry-After': '10' } }))
    const error = await failure(callProductApi(busy.conn, '/wardrobe/background-ootd', { body: {} }))
    expect(error).toBeInstanceOf(ApiCallError)
    expect(error).toMatchObject({ status: 429, message: 'The wardrobe engine is busy.', retryAfterMs: 10_000 })
    const plain = connection(() => Response.json({ error: 'nope' }, { status: 500 }))
    expect(await failure(callProductApi(plain.conn, '/x', { body: {} }))).toMatchObject({ status: 500, retryAfterMs: null })
    const now = Date.parse('2026-01-01T12:00:00Z')
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter(null, now)).toBeNull()
  })
})
