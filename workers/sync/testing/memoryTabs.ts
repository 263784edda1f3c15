// Tabs in one process for tests of the leader relay: a BroadcastChannel hub, a Web Lock election and
// tab presence, all in memory (Node has no Web Locks), with the browser's semantics: messages reach
// every other tab later, the lock passes to the next candidate when its holder lets go, and a watcher
// hears that a tab is gone once it stops holding its presence.
import type { RelayChannel, RelayMessage } from '../LeaderRelay'
import type { LeaderElection, TabPresence } from '../leader'

export interface MemoryTabs {
  channel: (name: string) => RelayChannel
  election: (name: string) => LeaderElection
  presence: (prefix: string) => TabPresence
}

export function memoryTabs(): MemoryTabs {
  const listeners = new Map<string, Set<(message: RelayMessage) => void>>()
  const lockQueues = new Map<string, Array<{ grant: () => void }>>()
  const held = new Set<string>()
  const watchers = new Map<string, Array<() => void>>()

  const releaseLock = (name: string) => {
    const queue = lockQueues.get(name) ?? []
    queue.shift()
    queue[0]?.grant()
  }

  return {
    channel(name) {
      let own: ((message: RelayMessage) => void) | null = null
      const set = listeners.get(name) ?? new Set()
      listeners.set(name, set)
      return {
        post(message) {
          const copy = structuredClone(message)
          for (const listener of set) if (listener !== own) setTimeout(() => set.has(listener) && listener(copy), 0)
        },
        listen(handler) {
          own = handler
          set.add(handler)
        },
        close() {
          if (own) set.delete(own)
        },
      }
    },
    election(name) {
      let release: (() => void) | null = null
      let entry: { grant: () => void } | null = null
      let closed = false
      return {
        campaign(lead) {
          return new Promise<void>((done, fail) => {
            entry = {
              grant: () => {
                if (closed) {
                  releaseLock(name)
                  return done()
                }
                lead().then(
                  () => {
                    release = () => {
                      releaseLock(name)
                      done()
                    }
                    if (closed) release()
                  },
                  (error: unknown) => {
                    releaseLock(name)
                    fail(error instanceof Error ? error : new Error(String(error)))
                  },
                )
              },
            }
            const queue = lockQueues.get(name) ?? []
            lockQueues.set(name, queue)
            queue.push(entry)
            if (queue.length === 1) entry.grant()
          })
        },
        close() {
          closed = true
          if (release) return release()
          const queue = lockQueues.get(name) ?? []
          const index = entry ? queue.indexOf(entry) : -1
          if (index > 0) queue.splice(index, 1)
        },
      }
    },
    presence(prefix) {
      const mine: string[] = []
      return {
        announce(tab) {
          const name = `${prefix}:${tab}`
          held.add(name)
          mine.push(name)
          return Promise.resolve()
        },
        watch(tab, gone) {
          const name = `${prefix}:${tab}`
          if (!held.has(name)) return void setTimeout(gone, 0)
          watchers.set(name, [...(watchers.get(name) ?? []), gone])
        },
        close() {
          for (const name of mine) {
            held.delete(name)
            for (const gone of watchers.get(name) ?? []) setTimeout(gone, 0)
            watchers.delete(name)
          }
        },
      }
    },
  }
}
