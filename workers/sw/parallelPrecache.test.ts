import { describe, expect, it } from 'vitest'
import { installPrecache, type PrecacheList } from './parallelPrecache'

const ORIGIN = 'https://moori.test'

function listOf(files: string[]): PrecacheList {
  return {
    getURLsToCacheKeys: () =>
      new Map(files.map((file) => [`${ORIGIN}${file}`, file.endsWith('.html') ? `${ORIGIN}${file}?__WB_REVISION__=r1` : `${ORIGIN}${file}`])),
  }
}

/** A network whose answers take a tick, counting what is in flight at once. */
function network(status: (url: string) => number = () => 200) {
  const seen: Array<{ url: string; cache: RequestCache }> = []
  let inFlight = 0
  let most = 0
  const fetch = async (request: Request) => {
    inFlight++
    most = Math.max(most, inFlight)
    seen.push({ url: request.url, cache: request.cache })
    await new Promise((resolve) => setTimeout(resolve, 2))
    inFlight--
    return new Response(`body of ${request.url}`, { status: status(request.url) })
  }
  return { fetch, seen, most: () => most }
}

function memoryCache() {
  const stored = new Map<string, string>()
  return {
    stored,
    put: async (key: RequestInfo | URL, response: Response) =>
      void stored.set(typeof key === 'string' ? key : key instanceof URL ? key.href : key.url, await response.text()),
  }
}

describe('installPrecache', () => {
  const files = ['/index.html', ...Array.from({ length: 11 }, (_, i) => `/assets/chunk-${i}.js`)]

  it('stores every file under its cache key, a few requests at a time', async () => {
    const net = network()
    const cache = memoryCache()
    await installPrecache(listOf(files), new Set([`${ORIGIN}/index.html`]), { fetch: net.fetch, cache }, 4)
    expect(cache.stored.size).toBe(12)
    expect(cache.stored.get(`${ORIGIN}/index.html?__WB_REVISION__=r1`)).toBe(`body of ${ORIGIN}/index.html`)
    expect(cache.stored.get(`${ORIGIN}/assets/chunk-3.js`)).toBe(`body of ${ORIGIN}/assets/chunk-3.js`)
    expect(net.most()).toBe(4)
  })

  it('fetches an unhashed file past the HTTP cache, a hashed one through it', async () => {
    const net = network()
    await installPrecache(listOf(files), new Set([`${ORIGIN}/index.html`]), { fetch: net.fetch, cache: memoryCache() })
    expect(net.seen.find((r) => r.url.endsWith('/index.html'))?.cache).toBe('reload')
    expect(net.seen.find((r) => r.url.endsWith('/chunk-0.js'))?.cache).toBe('default')
  })

  it('fails the install when a file does not answer 200', async () => {
    const net = network((url) => (url.endsWith('chunk-7.js') ? 404 : 200))
    await expect(installPrecache(listOf(files), new Set(), { fetch: net.fetch, cache: memoryCache() })).rejects.toThrow(
      'Precaching https://moori.test/assets/chunk-7.js failed: 404',
    )
  })
})
