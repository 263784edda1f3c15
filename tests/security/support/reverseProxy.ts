// A reverse proxy on this machine, the way the README's "beyond localhost" steps put one in front of
// the stack for TLS (minus the TLS): it keeps the Host the browser sent and adds X-Forwarded-For and
// X-Forwarded-Proto. Every request then reaches the stack from 127.0.0.1, whoever sent it.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReverseProxy {
  port: number
  close(): Promise<void>
}

export async function startReverseProxy(upstreamPort: number): Promise<ReverseProxy> {
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': req.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'https',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
