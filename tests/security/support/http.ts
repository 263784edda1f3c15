// Plain HTTP for the security suite, with every header under the test's control (Host, Origin,
// Sec-Fetch-Site, X-Forwarded-For), the way an attacker's page or script would send it. The answer is
// kept whole (status, headers, body text), because a leak may hide in any of them.
import http from 'node:http'

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export interface Ask {
  method?: string
  /** Path and query, sent exactly as given. */
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** Defaults to 127.0.0.1. */
  host?: string
}

export function send(port: number, ask: Ask): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false
    const req = http.request(
      {
        host: ask.host ?? '127.0.0.1',
        port,
        method: ask.method ?? 'GET',
        path: ask.path,
        headers: ask.headers,
      },
      (res) => {
        answered = true
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    // A server that refuses an oversized body answers before reading it and closes the connection:
    // the rest of our write then fails (EPIPE), which is the point, not an error of the test.
    let cutOff: Error | null = null
    const failed = (error: NodeJS.ErrnoException) => {
      if (answered) return
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') cutOff = error
      else reject(error)
    }
    req.on('error', failed)
    req.on('socket', (socket) => socket.on('error', failed))
    req.on('close', () => {
      if (!answered && cutOff) reject(cutOff)
    })
    req.end(ask.body)
  })
}

/** Everything an answer shows, as one string to search for secrets. */
export function seenIn(answer: Answer): string {
  return `${answer.status}\n${JSON.stringify(answer.headers)}\n${answer.body}`
}

export function json<T>(answer: Answer): T {
  return JSON.parse(answer.body) as T
}
