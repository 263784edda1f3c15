// Only one tab syncs a database at a time: the worker that holds the Web Lock named after the database
// runs the engine; the others forward what their tab needs over a BroadcastChannel and read the
// replica, which Dexie keeps live across tabs.

export type LeaderMessage =
  | { type: 'retain' | 'release'; scope: string }
  | { type: 'nudge' | 'resume' | 'flush' }
  /** A new leader asks every tab to repeat the scopes it holds. */
  | { type: 'leader' }

export interface LeaderElection {
  /** Runs `lead` once this worker becomes the leader; resolves when leadership ends. */
  campaign(lead: () => Promise<void>): Promise<void>
  post(message: LeaderMessage): void
  onMessage(handler: (message: LeaderMessage) => void): void
  close(): void
}

export function webLockElection(name: string): LeaderElection {
  const channel = new BroadcastChannel(name)
  let abdicate: (() => void) | null = null
  return {
    async campaign(lead) {
      if (!('locks' in navigator)) {
        await lead()
        return
      }
      await navigator.locks.request(name, async () => {
        await lead()
        await new Promise<void>((resolve) => (abdicate = resolve))
      })
    },
    post(message) {
      channel.postMessage(message)
    },
    onMessage(handler) {
      channel.onmessage = (event: MessageEvent<LeaderMessage>) => handler(event.data)
    },
    close() {
      abdicate?.()
      channel.close()
    },
  }
}
