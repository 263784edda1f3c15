import { describe, expect, it, vi } from 'vitest'
import { keepingUploadedImages, type OpenCache } from './keepUploadedImages'
import { MemoryServer } from './testing/memoryServer'
import { memoryTransport } from './testing/memoryTransport'

const USER = '00000000-0000-4000-8000-000000000001'
const SUPABASE = 'http://127.0.0.1:54321/'

/** CacheStorage as the worker sees it, kept in memory: what was put where. */
function memoryCaches() {
  const kept = new Map<string, Map<string, Response>>()
  const open: OpenCache = (name) => {
    const cache = kept.get(name) ?? new Map<string, Response>()
    kept.set(name, cache)
    return Promise.resolve({
      put: (key: RequestInfo | URL, response: Response) => {
        cache.set(key instanceof Request ? key.url : key.toString(), response)
        return Promise.resolve()
      },
    })
  }
  return { kept, open }
}

describe('keeping uploaded photos in the image cache', () => {
  it("puts the sent photo in the user's image cache under the object's token-free key once the upload succeeds", async () => {
    const memory = memoryTransport(new MemoryServer(), USER)
    const caches = memoryCaches()
    const transport = keepingUploadedImages(memory, SUPABASE, USER, caches.open)
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' })
    const upload = transport.upload('ootd-images', `${USER}/ootd/item.jpg`, photo, 'image/jpeg')
    // Nothing is kept before the server has it.
    expect(caches.kept.size).toBe(0)
    await memory.flush()
    await upload
    expect(memory.requests).toEqual([`upload ootd-images/${USER}/ootd/item.jpg`])
    const cache = caches.kept.get(`moori-images-v1:user:${USER}`)
    expect([...(cache?.keys() ?? [])]).toEqual([`http://127.0.0.1:54321/storage/v1/object/ootd-images/${USER}/ootd/item.jpg`])
    const response = [...cache!.values()][0]!
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/jpeg')
    expect(await response.text()).toBe('jpeg bytes')
  })

  it('keeps nothing when the upload fails, and fails as the upload did', async () => {
    const memory = memoryTransport(new MemoryServer(), USER)
    memory.offline = true
    const caches = memoryCaches()
    const transport = keepingUploadedImages(memory, SUPABASE, USER, caches.open)
    const upload = expect(transport.upload('ootd-images', `${USER}/ootd/item.jpg`, new Blob(['x']), 'image/jpeg')).rejects.toThrow('no network')
    await memory.flush()
    await upload
    expect(caches.kept.size).toBe(0)
  })

  it('an image cache that cannot take the photo leaves the upload a success', async () => {
    const memory = memoryTransport(new MemoryServer(), USER)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const full: OpenCache = () => Promise.resolve({ put: () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')) })
    const upload = keepingUploadedImages(memory, SUPABASE, USER, full).upload('ootd-images', `${USER}/ootd/item.jpg`, new Blob(['x']), 'image/jpeg')
    await memory.flush()
    await expect(upload).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })

  it('without a signed-in user (or CacheStorage) the transport is left as it is', () => {
    const memory = memoryTransport(new MemoryServer(), null)
    expect(keepingUploadedImages(memory, SUPABASE, null, memoryCaches().open)).toBe(memory)
    expect(keepingUploadedImages(memory, SUPABASE, USER, null)).toBe(memory)
  })
})
