// The fetch events this worker is still answering, and a way to end them. Chromium activates an
// accepted update only once the old version has no fetch event in flight (its answer not given yet, or
// work the event was extended for, such as a cache write waiting on a body): a photo request the network
// never answers held an accepted version `installed` (pwa/update.spec; Chromium gives up only after
// minutes). When the user accepts an update, the old worker aborts the network requests of every event
// it is answering (a cache miss then fails, a photo falls back to another size it keeps), and those of
// any later event at once, so it is soon idle. Nothing is timed out otherwise: a long upload or a slow
// photo runs as long as it needs.
import type { FetchInFlight } from '../../src/lib/serviceWorkerMessages'

/** What a fetch event needs to be followed: its request, and the promises that keep it open. */
export interface TrackedFetchEvent {
  readonly request: Pick<Request, 'url' | 'method' | 'destination' | 'mode'>
  waitUntil(promise: Promise<unknown>): void
}

interface Flight {
  event: TrackedFetchEvent
  since: number
  controller: AbortController
  open: number
}

export class FetchesInFlight {
  private readonly flights = new Set<Flight>()
  private readonly signals = new WeakMap<object, AbortSignal>()
  private ended: string | null = null

  constructor(private readonly now: () => number = () => performance.now()) {}

  /**
   * Follows `event` while `handle` (the router) decides on its answer: from then until every promise
   * the event is extended with has settled (the answer, for `respondWith`, and each `waitUntil`).
   * Returns the answer, or undefined when `handle` gives none (the browser then fetches by itself).
   */
  follow<T>(event: TrackedFetchEvent, handle: () => Promise<T> | undefined): Promise<T> | undefined {
    const controller = new AbortController()
    if (this.ended !== null) controller.abort(new DOMException(this.ended, 'AbortError'))
    const flight: Flight = { event, since: this.now(), controller, open: 0 }
    this.signals.set(event, controller.signal)
    const extend = event.waitUntil.bind(event)
    event.waitUntil = (promise: Promise<unknown>) => {
      extend(promise)
      this.hold(flight, promise)
    }
    const answer = handle()
    if (answer) this.hold(flight, answer)
    return answer
  }

  /** The signal an event's network requests take: aborted when the update is accepted. */
  signalFor(event: object): AbortSignal | undefined {
    return this.signals.get(event)
  }

  list(): FetchInFlight[] {
    const now = this.now()
    return [...this.flights].map(({ event: { request }, since }) => ({
      url: request.url,
      method: request.method,
      destination: request.destination || request.mode,
      ms: Math.round(now - since),
    }))
  }

  /** Aborts the network requests of every open event, and of every later one at once. Returns what was open. */
  endAll(reason: string): FetchInFlight[] {
    const open = this.list()
    this.ended = reason
    for (const flight of this.flights) flight.controller.abort(new DOMException(reason, 'AbortError'))
    return open
  }

  private hold(flight: Flight, promise: Promise<unknown>): void {
    this.flights.add(flight)
    flight.open++
    const settle = () => {
      flight.open--
      if (flight.open === 0) this.flights.delete(flight)
    }
    promise.then(settle, settle)
  }
}

/** `request` with `signal` (a navigation's mode becomes same-origin: only a browser may make one). */
export function withSignal(request: Request, signal: AbortSignal | undefined): Request {
  return signal ? new Request(request, { signal }) : request
}
