import { describe, expect, it } from 'vitest'
import { SHARED_PHOTO_COUNT_HEADER, SHARED_PHOTO_KEY, SHARED_PHOTO_NAME_HEADER, sharedPhotoKey } from '../../src/lib/shareTarget'
import { receiveShare, type PhotoCache } from './shareTarget'

/** Cache Storage is not in Node; a map holds what the worker would keep. */
function memoryCache(): PhotoCache & { entries: Map<string, Response> } {
  const entries = new Map<string, Response>()
  return {
    entries,
    put: (key, response) => Promise.resolve(void entries.set(key, response)),
    delete: (key) => Promise.resolve(entries.delete(key)),
  }
}

function share(fields: Array<[string, string | File]>): Request {
  const form = new FormData()
  for (const [name, value] of fields) form.append(name, value)
  return new Request('https://moori.test/share-target', { method: 'POST', body: form })
}

const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], name, { type: 'image/png' })

describe('receiveShare', () => {
  it('keeps the first shared image with its name and sends the browser to /share with a 303', async () => {
    const cache = memoryCache()
    const text = new File(['notes'], 'notes.txt', { type: 'text/plain' })
    const response = await receiveShare(
      share([
        ['title', 'Look'],
        ['photos', text],
        ['photos', png('Beach day.png')],
        ['photos', png('second.png')],
      ]),
      cache,
      'https://moori.test',
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('https://moori.test/share')
    const kept = cache.entries.get(SHARED_PHOTO_KEY)
    expect(kept?.headers.get('content-type')).toBe('image/png')
    expect(decodeURIComponent(kept?.headers.get(SHARED_PHOTO_NAME_HEADER) ?? '')).toBe('Beach day.png')
    expect(new Uint8Array(await kept!.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71, 1, 2, 3]))
  })

  it('keeps every shared image in order, the first where a wall looks, and a later share replaces them all', async () => {
    const cache = memoryCache()
    await receiveShare(
      share([
        ['photos', png('a.png')],
        ['photos', new File(['notes'], 'notes.txt', { type: 'text/plain' })],
        ['photos', png('b.png')],
        ['photos', png('c.png')],
      ]),
      cache,
      'https://moori.test',
    )
    const names = [...cache.entries.entries()].map(([key, r]) => [key, decodeURIComponent(r.headers.get(SHARED_PHOTO_NAME_HEADER) ?? '')])
    expect(names).toEqual([
      [SHARED_PHOTO_KEY, 'a.png'],
      [sharedPhotoKey(1), 'b.png'],
      [sharedPhotoKey(2), 'c.png'],
    ])
    expect(cache.entries.get(SHARED_PHOTO_KEY)?.headers.get(SHARED_PHOTO_COUNT_HEADER)).toBe('3')
    await receiveShare(share([['photos', png('d.png')]]), cache, 'https://moori.test')
    expect([...cache.entries.keys()]).toEqual([SHARED_PHOTO_KEY])
    expect(cache.entries.get(SHARED_PHOTO_KEY)?.headers.get(SHARED_PHOTO_COUNT_HEADER)).toBe('1')
  })

  it('drops an earlier photo when a share brings none, so /share says nothing was shared', async () => {
    const cache = memoryCache()
    await receiveShare(share([['photos', png('old.png')]]), cache, 'https://moori.test')
    const response = await receiveShare(share([['text', 'just words']]), cache, 'https://moori.test')
    expect(response.status).toBe(303)
    expect(cache.entries.has(SHARED_PHOTO_KEY)).toBe(false)
  })

  it('treats a body that is not a form as a share without a photo', async () => {
    const cache = memoryCache()
    const request = new Request('https://moori.test/share-target', {
      method: 'POST',
      body: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })
    const response = await receiveShare(request, cache, 'https://moori.test')
    expect(response.headers.get('location')).toBe('https://moori.test/share')
    expect(cache.entries.size).toBe(0)
  })
})
