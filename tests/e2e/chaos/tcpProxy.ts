// A TCP proxy in front of the e2e stack, one per browser context, so the chaos run can cut that
// context's network the way the world does: drop its realtime sockets (Playwright cannot route the
// WebSockets of a web worker), and refuse every connection during an offline spell. Host and Origin
// pass through unchanged: both name a loopback origin, which the stack accepts as its own.
import net from 'node:net'

export interface TcpProxy {
  /** The origin pages of this context load from (`http://localhost:<port>`). */
  origin: string
  /** Closes every realtime socket open right now; returns how many there were. */
  dropSockets(): number
  /** While offline, open connections are cut and new ones refused. */
  setOffline(offline: boolean): void
  close(): Promise<void>
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const open = new Set<{ client: net.Socket; upstream: net.Socket; realtime: boolean }>()
  let offline = false
  const server = net.createServer((client) => {
    if (offline) return void client.destroy()
    const upstream = net.connect(targetPort, '127.0.0.1')
    const link = { client, upstream, realtime: false }
    open.add(link)
    const end = () => {
      open.delete(link)
      client.destroy()
      upstream.destroy()
    }
    client.once('data', (first: Buffer) => {
      link.realtime = first.subarray(0, 64).toString('latin1').startsWith('GET /realtime/')
      upstream.write(first)
      client.pipe(upstream)
      upstream.pipe(client)
    })
    client.on('error', end)
    upstream.on('error', end)
    client.on('close', end)
    upstream.on('close', end)
  })
  await new Promise<void>((resolve) => server.listen(0, resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    origin: `http://localhost:${port}`,
    dropSockets() {
      let dropped = 0
      for (const link of open) {
        if (!link.realtime) continue
        link.client.destroy()
        link.upstream.destroy()
        dropped += 1
      }
      return dropped
    },
    setOffline(next) {
      offline = next
      if (!next) return
      for (const link of open) {
        link.client.destroy()
        link.upstream.destroy()
      }
    },
    async close() {
      for (const link of open) {
        link.client.destroy()
        link.upstream.destroy()
      }
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
