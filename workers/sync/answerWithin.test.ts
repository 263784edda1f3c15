import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { NoAnswer, answerWithin } from './answerWithin'
import { meansOffline } from './classifyError'
import { createSupabaseTransport } from './supabaseTransport'

/** A fetch that never answers, and tells what became of the signal it was given. */
function silentFetch(): { fetch: typeof fetch; signals: AbortSignal[] } {
  const signals: AbortSignal[] = []
  return {
    signals,
    fetch: (_input, init) => {
      if (init?.signal) signals.push(init.signal)
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason instanceof Error ? init.signal.reason : new Error('aborted'))),
      )
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('answerWithin', () => {
  it('fails a request that gets no answer in time, and cancels it', async () => {
    const silent = silentFetch()
    await expect(answerWithin(silent.fetch, 20)('https://example.test/rest/v1/rpc/sync_pull')).rejects.toBeInstanceOf(NoAnswer)
    expect(silent.signals[0]?.aborted).toBe(true)
  })

  it('leaves an answer that came in time alone, body included, however long its body takes to read', async () => {
    const signals: AbortSignal[] = []
    const answering: typeof fetch = (_input, init) => {
      signals.push(init!.signal!)
      return Promise.resolve(new Response('[1,2,3]', { status: 200 }))
    }
    const response = await answerWithin(answering, 20)('https://example.test/rest/v1/walls')
    await sleep(60)
    expect(signals[0]?.aborted).toBe(false)
    expect(await response.json()).toEqual([1, 2, 3])
  })

  it("passes the caller's own abort on", async () => {
    const silent = silentFetch()
    const caller = new AbortController()
    const request = answerWithin(silent.fetch, 10_000)('https://example.test/rest/v1/walls', { signal: caller.signal })
    caller.abort(new Error('left the screen'))
    await expect(request).rejects.toThrow('left the screen')
    expect(silent.signals[0]?.aborted).toBe(true)
  })
})

describe('the sync transport on a network that never answers', () => {
  const transportOver = (fetcher: typeof fetch) =>
    createSupabaseTransport({
      url: 'https://example.test',
      anonKey: 'anon',
      apiUrl: 'https://example.test/api',
      tokens: { get: () => Promise.resolve(null) },
      fetch: fetcher,
      answerWithinMs: 20,
      WebSocket,
    })

  it('a pull and a push fail as "offline", so the engine retries and the app says so', async () => {
    const transport = transportOver(silentFetch().fetch)
    for (const call of [() => transport.pull('me', null), () => transport.push([])]) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      )
      expect(error).toMatchObject({ kind: 'transient', status: 0 })
      expect(meansOffline(error as never)).toBe(true)
    }
    await transport.close()
  })

  it('a product API call fails the same way', async () => {
    const transport = transportOver(silentFetch().fetch)
    await expect(transport.callApi('/start-processing', {})).rejects.toMatchObject({ kind: 'transient', status: 0 })
    await transport.close()
  })
})
