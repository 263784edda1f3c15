// A fetch for the sync transport that can fail the way networks do: refuse to send (offline), or send
// and then lose the answer after the server acted on it. It also records what went out, so tests can
// count requests and the mutations inside them.
export interface FetchRecord {
  method: string
  url: string
  body: string | null
}

export interface FaultyFetch {
  fetch: typeof fetch
  offline: boolean
  /** Loses the answer of the next requests matching this test (the server still processes them). */
  loseResponses(match: (record: FetchRecord) => boolean, count?: number): void
  /** Requests matching this test never answer until `release()`; with `afterResponse` the server has
   * already acted on them (only the answer is held back). */
  hang(match: (record: FetchRecord) => boolean, options?: { afterResponse?: boolean }): void
  release(): void
  /** Back to a healthy network: online, no lost answers, nothing hanging. */
  heal(): void
  records: FetchRecord[]
  /** How many answers were lost so far. */
  lost: number
}

export function faultyFetch(): FaultyFetch {
  let lose: { match: (r: FetchRecord) => boolean; count: number } | null = null
  let hanging: { match: (r: FetchRecord) => boolean; afterResponse: boolean; waiters: Array<() => void> } | null = null
  const state: FaultyFetch = {
    offline: false,
    records: [],
    lost: 0,
    loseResponses(match, count = 1) {
      lose = { match, count }
    },
    hang(match, options = {}) {
      hanging = { match, afterResponse: options.afterResponse ?? false, waiters: [] }
    },
    release() {
      const waiters = hanging?.waiters ?? []
      hanging = null
      waiters.forEach((w) => w())
    },
    heal() {
      state.offline = false
      lose = null
      state.release()
    },
    fetch: async (input, init) => {
      const request = new Request(input, init)
      const body = init?.body == null ? null : typeof init.body === 'string' ? init.body : '[binary]'
      const record = { method: request.method, url: request.url, body }
      if (state.offline) throw new TypeError('fetch failed')
      state.records.push(record)
      const held = hanging?.match(record) ? hanging : null
      if (held && !held.afterResponse) await new Promise<void>((resolve) => held.waiters.push(resolve))
      const response = await fetch(input, init)
      if (held?.afterResponse) await new Promise<void>((resolve) => held.waiters.push(resolve))
      if (lose && lose.count > 0 && lose.match(record)) {
        lose.count -= 1
        state.lost += 1
        await response.arrayBuffer()
        throw new TypeError('fetch failed')
      }
      return response
    },
  }
  return state
}

export const isPush = (r: FetchRecord) => r.url.includes('/rest/v1/rpc/sync_push')
export const isPull = (r: FetchRecord) => r.url.includes('/rest/v1/rpc/sync_pull')
export const isUpload = (r: FetchRecord) => r.url.includes('/storage/v1/object/') && r.method === 'POST'

/** The mutations a push request carried. */
export function pushedOps(r: FetchRecord): Array<{ op: string; fn?: string; table?: string }> {
  if (!isPush(r) || !r.body) return []
  return (JSON.parse(r.body) as { mutations: Array<{ op: string; fn?: string; table?: string }> }).mutations
}
