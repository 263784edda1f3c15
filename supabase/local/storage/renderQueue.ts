// How many renders run at once, and how many may wait: sharp holds a decoded image in memory and keeps
// a core busy while it renders, so a burst of sizes nobody asked for before (each a cache miss) must
// queue rather than all run together. Each caller (a user, or an address when signed out) may have a
// few renders running or waiting; past that, or when the shared queue is full, the answer is 429 with
// Retry-After, and another caller is still served. Renders answered from the cache never queue.
import { storageErrors } from './storageError'

export interface RenderQueueLimits {
  /** Renders that run at the same time (about the cores the machine gives to Storage). */
  running: number
  /** Renders that may wait for one of those, from everyone together. */
  waiting: number
  /** Renders one caller may have running or waiting. */
  perCaller: number
}

/** Told to a refused caller: renders of small photos take well under a second each. */
const RETRY_AFTER_SECONDS = 2

export class RenderQueue {
  private running = 0
  private readonly waiters: Array<() => void> = []
  private readonly perCaller = new Map<string, number>()

  constructor(private readonly limits: RenderQueueLimits) {}

  /** Runs `work` when a slot is free, or refuses at once (429) when `caller` or the queue is full. */
  async run<T>(caller: string, work: () => Promise<T>): Promise<T> {
    const mine = this.perCaller.get(caller) ?? 0
    const mustWait = this.running >= this.limits.running
    if (mine >= this.limits.perCaller || (mustWait && this.waiters.length >= this.limits.waiting)) {
      throw storageErrors.tooManyRenders(RETRY_AFTER_SECONDS)
    }
    this.perCaller.set(caller, mine + 1)
    try {
      if (mustWait) await new Promise<void>((resolve) => this.waiters.push(resolve))
      else this.running++
      try {
        return await work()
      } finally {
        // The slot goes straight to the next in line, so `running` never drops below what runs.
        const next = this.waiters.shift()
        if (next) next()
        else this.running--
      }
    } finally {
      const left = (this.perCaller.get(caller) ?? 1) - 1
      if (left > 0) this.perCaller.set(caller, left)
      else this.perCaller.delete(caller)
    }
  }
}
