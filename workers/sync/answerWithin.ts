// A request that gets no answer counts as no network after a while. On a connection that takes requests
// and never answers (a captive portal, Wi-Fi with no way out, a server that stopped mid-request) the
// browser itself waits for minutes, and until then the engine neither retries nor says it is offline:
// the chip would say "Saving" for as long as the device stays there.

/** How long a request may go without an answer (its status and headers) before it counts as failed. */
export const ANSWER_WITHIN_MS = 30_000

/** Thrown (as the fetch's failure) when no answer came in time. */
export class NoAnswer extends Error {
  override name = 'NoAnswer'
  constructor(ms: number) {
    super(`No answer within ${Math.round(ms / 1000)} s`)
  }
}

/**
 * `fetch`, failing with NoAnswer when the response has not begun within `ms`. Only the answer is timed,
 * not its body: a large pull on a slow network may take long to read once it has begun.
 */
export function answerWithin(fetcher: typeof fetch, ms = ANSWER_WITHIN_MS): typeof fetch {
  return (input, init) => {
    const controller = new AbortController()
    const outer = init?.signal
    const forward = () => controller.abort(outer?.reason)
    if (outer?.aborted) forward()
    else outer?.addEventListener('abort', forward, { once: true })
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new NoAnswer(ms)
        controller.abort(error)
        reject(error)
      }, ms)
    })
    return Promise.race([fetcher(input, { ...init, signal: controller.signal }), late]).finally(() => {
      clearTimeout(timer)
      outer?.removeEventListener('abort', forward)
    })
  }
}
