// Which tab's worker syncs, and which tabs are still there. The worker that holds the Web Lock named
// after the database runs the engine (the others reach it through the LeaderRelay); when its tab
// closes, the lock passes to the next one. Each worker also holds a lock of its own for as long as its
// tab lives, so the leader learns that a tab went away (and drops its leases) even when the tab could
// not say goodbye.

export interface LeaderElection {
  /** Runs `lead` once this worker becomes the leader; resolves when leadership ends. */
  campaign(lead: () => Promise<void>): Promise<void>
  /** Gives up leadership, or the wish for it. */
  close(): void
}

export interface TabPresence {
  /** Holds this tab's presence until `close()`; resolves once it is held. */
  announce(tab: string): Promise<void>
  /** Calls `gone` once the tab no longer holds its presence (closed, crashed or stopped). */
  watch(tab: string, gone: () => void): void
  close(): void
}

export function webLockElection(name: string): LeaderElection {
  let abdicate: (() => void) | null = null
  let wanted = true
  const controller = new AbortController()
  return {
    async campaign(lead) {
      if (!('locks' in navigator)) {
        await lead() // no Web Locks: every tab syncs on its own, as before they existed
        return
      }
      try {
        await navigator.locks.request(name, { signal: controller.signal }, async () => {
          if (!wanted) return
          await lead()
          await new Promise<void>((resolve) => (abdicate = resolve))
        })
      } catch (error) {
        if (!controller.signal.aborted) throw error
      }
    },
    close() {
      wanted = false
      abdicate?.()
      controller.abort()
    },
  }
}

export function webLockPresence(prefix: string): TabPresence {
  const controller = new AbortController()
  let leave: (() => void) | null = null
  const ignoreAbort = (error: unknown) => {
    if (!controller.signal.aborted) throw error
  }
  return {
    announce(tab) {
      if (!('locks' in navigator)) return Promise.resolve()
      return new Promise<void>((held, failed) => {
        navigator.locks
          .request(`${prefix}:${tab}`, { signal: controller.signal }, () => {
            held()
            return new Promise<void>((resolve) => (leave = resolve))
          })
          .catch((error: unknown) => {
            failed(error instanceof Error ? error : new Error(String(error)))
          })
      })
    },
    watch(tab, gone) {
      if (!('locks' in navigator)) return
      navigator.locks
        .request(`${prefix}:${tab}`, { signal: controller.signal }, () => gone())
        .catch(ignoreAbort)
        .catch((error: unknown) => console.warn('[sync] Could not watch a tab', error))
    },
    close() {
      leave?.()
      controller.abort()
    },
  }
}
