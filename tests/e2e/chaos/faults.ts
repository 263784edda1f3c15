// Network faults for one browser context, by route interception: a share of its REST, RPC and Storage
// requests fail as a 500 (never reached the server), a dropped connection (never reached it either),
// or an answer lost after the server committed. Decisions come from the run's seeded random stream, in
// the order requests arrive. A push can also be armed to reload its tab right after the server took it.
import type { BrowserContext, Page, Route } from '@playwright/test'
import type { Random } from '../../support/random'

export type FaultKind = 'http-500' | 'dropped' | 'answer-lost' | 'reload-mid-push'

export interface FaultCounts {
  [kind: string]: number
}

export interface ContextFaults {
  /** Fails this share of the requests (0 stops injecting). */
  rate: number
  /** The next push from this context reloads the tab that sent it once the server has it (null disarms). */
  armReload(fallback: (() => Page | undefined) | null): void
  /** Told which tab was reloaded (it lost the sync lock, so it now waits behind the others). */
  onReload: (page: Page) => void
  counts: FaultCounts
}

/** A route or page call that fails only because its page closed or navigated meanwhile: the run goes on. */
async function quietly(work: Promise<unknown>): Promise<void> {
  try {
    await work
  } catch {
    // the tab went away (closed or reloading): nothing left to answer
  }
}

const faultable = (url: URL, method: string) =>
  url.pathname.startsWith('/rest/v1/') ||
  (url.pathname.startsWith('/storage/v1/') && method !== 'GET') ||
  url.pathname.startsWith('/api/')

export async function injectFaults(context: BrowserContext, random: Random, counts: FaultCounts): Promise<ContextFaults> {
  let reloadNext: (() => Page | undefined) | null = null
  const faults: ContextFaults = {
    rate: 0,
    armReload(fallback) {
      reloadNext = fallback
    },
    onReload: () => undefined,
    counts,
  }
  const count = (kind: FaultKind) => (counts[kind] = (counts[kind] ?? 0) + 1)

  const handle = async (route: Route) => {
    const request = route.request()
    const url = new URL(request.url())
    if (!faultable(url, request.method())) return route.continue()
    if (reloadNext && url.pathname === '/rest/v1/rpc/sync_push') {
      const fallback = reloadNext
      reloadNext = null
      await quietly(route.fetch()) // the server commits the push ...
      let page: Page | undefined
      try {
        page = request.frame().page()
      } catch {
        page = fallback()
      }
      count('reload-mid-push')
      if (page) {
        faults.onReload(page)
        void quietly(page.reload()) // ... and the tab reloads before it hears the answer
      }
      return quietly(route.abort('connectionreset'))
    }
    if (faults.rate <= 0 || !random.chance(faults.rate)) return route.continue()
    const kind = random.pick(['http-500', 'dropped', 'answer-lost'] as const)
    count(kind)
    if (kind === 'http-500') {
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'chaos: server error', code: 'XX000' }) })
    }
    if (kind === 'dropped') return route.abort('connectionreset')
    await quietly(route.fetch()) // the server acts on it (unless the page went away meanwhile) ...
    return quietly(route.abort('connectionreset')) // ... and the answer never arrives
  }
  const isBackendCall = (url: URL) => ['/rest/v1/', '/storage/v1/', '/api/'].some((prefix) => url.pathname.startsWith(prefix))
  // A handler that failed without answering (its page still there) would leave the request waiting
  // forever, which no network does: it is cut instead.
  await context.route(isBackendCall, (route) =>
    handle(route).catch((error: unknown) => {
      if (process.env.MOORI_CHAOS_DEBUG === '1') console.info(`  route ${route.request().url()}: ${String(error)}`)
      return quietly(route.abort('connectionreset'))
    }),
  )
  return faults
}
