// Races a promise against a timer (the spec's session and profile timeouts).
class TimeoutError extends Error {
  override name = 'TimeoutError'
}

export function withTimeout<T>(promise: Promise<T>, ms: number, message = 'Request timeout'): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(message)), ms)
    }),
  ])
}
