// Scaffold: the realtime service is being built; until then WebSocket upgrades are refused.
import type { Server } from 'node:http'
import type { StackContext } from '../context'

export function attachRealtime(server: Server, _ctx: StackContext): Promise<{ close(): Promise<void> }> {
  server.on('upgrade', (_req, socket) => socket.destroy())
  return Promise.resolve({ close: () => Promise.resolve() })
}
