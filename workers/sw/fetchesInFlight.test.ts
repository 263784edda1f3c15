import { describe, expect, it } from 'vitest'
import { FetchesInFlight, withSignal, type TrackedFetchEvent } from './fetchesInFlight'

/** A fetch event as the worker gets it: the browser keeps it open until every promise it was given settles. */
function fetchEvent(url: string, destination: RequestDestination = 'image') {
  const given: Array<Promise<unknown>> = []
  const event: TrackedFetchEvent = {
    request: { url, method: 'GET', destination, mode: 'no-cors' },
    waitUntil: (promise) => void given.push(promise),
  }
  return { event, given }
}

/** A network that answers only when told to, and stops when its request's signal aborts. */
function network() {
  const answers = new Map<string, (response: Response) => void>()
  const fetch = (request: Request) =>
    new Promise<Response>((resolve, reject) => {
      answers.set(request.url, resolve)
      if (request.signal.aborted) reject(request.signal.reason as Error)
      request.signal.addEventListener('abort', () => reject(request.signal.reason as Error), { once: true })
    })
  return { fetch, answer: (url: string) => answers.get(url)?.(new Response('ok')) }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('FetchesInFlight', () => {
  it('follows an event until its answer and everything it waits for (a cache write) have settled', async () => {
    let clock = 1000
    const fetches = new FetchesInFlight(() => clock)
    const { event, given } = fetchEvent('https://moori.test/storage/v1/object/public/p/a.jpg')
    let write!: () => void
    const answer = fetches.follow(event, () => {
      // As Workbox's strategy does: the cache write extends the event, beside the answer.
      event.waitUntil(new Promise<void>((resolve) => (write = resolve)))
      return Promise.resolve(new Response('photo'))
    })
    expect(answer).toBeDefined()
    expect(given).toHaveLength(1)
    await answer
    clock = 1250
    expect(fetches.list()).toEqual([
      { url: 'https://moori.test/storage/v1/object/public/p/a.jpg', method: 'GET', destination: 'image', ms: 250 },
    ])
    write()
    await settled()
    expect(fetches.list()).toEqual([])
  })

  it('does not follow an event no route answers (the browser fetches it by itself)', () => {
    const fetches = new FetchesInFlight()
    expect(fetches.follow(fetchEvent('https://moori.test/rest/v1/walls').event, () => undefined)).toBeUndefined()
    expect(fetches.list()).toEqual([])
  })

  it('ends, when the update is accepted, a request the network never answers, and any later one at once', async () => {
    const fetches = new FetchesInFlight()
    const net = network()
    const hung = fetchEvent('https://moori.test/storage/v1/object/public/p/hung.jpg')
    const done = fetchEvent('https://moori.test/storage/v1/object/public/p/done.jpg')
    const go = (tracked: ReturnType<typeof fetchEvent>) =>
      fetches.follow(tracked.event, () =>
        net.fetch(withSignal(new Request(tracked.event.request.url), fetches.signalFor(tracked.event))),
      )
    const hungAnswer = go(hung)
    const doneAnswer = go(done)
    net.answer(done.event.request.url)
    await doneAnswer
    await settled()
    expect(fetches.list().map((flight) => flight.url)).toEqual([hung.event.request.url])

    expect(fetches.endAll('An update was accepted').map((flight) => flight.url)).toEqual([hung.event.request.url])
    await expect(hungAnswer).rejects.toThrow('An update was accepted')
    await settled()
    expect(fetches.list()).toEqual([])

    const later = go(fetchEvent('https://moori.test/storage/v1/object/public/p/later.jpg'))
    await expect(later).rejects.toThrow('An update was accepted')
  })

  it('leaves a request without a network step alone', async () => {
    const fetches = new FetchesInFlight()
    const { event } = fetchEvent('https://moori.test/assets/app.js', 'script')
    fetches.endAll('An update was accepted')
    await expect(fetches.follow(event, () => Promise.resolve(new Response('cached')))).resolves.toBeInstanceOf(Response)
  })
})
