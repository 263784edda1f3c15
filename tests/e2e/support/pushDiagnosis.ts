// Why a person's changes are not reaching the server, read from one of their pages: the engine's own
// push state (the syncState row's `push`), the outbox's head, who holds the sync lock and who waits for
// it, and whether the page is shown. A test that waits for an outbox to drain prints this on failure, so
// the next stall explains itself.
import type { Page } from '@playwright/test'
import type { PushWait } from '../../../src/data/model/pushWait'

export interface PushDiagnosis {
  push: PushWait | null
  pushing: boolean | null
  online: boolean | null
  lastError: string | null
  /** The oldest waiting changes: their operation, key and age in seconds. */
  outboxHead: string[]
  outbox: number
  /** The sync election's lock for this replica: held (by a worker of some tab) and how many wait. */
  lock: { held: boolean; waiting: number }
  visibility: string
  /** When this was read (ms since the epoch), to read `since` and `dueAt` against. */
  at: number
}

export async function diagnosePush(page: Page, userId: string): Promise<PushDiagnosis> {
  return page.evaluate(async (name) => {
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(new Error(String(open.error)))
    })
    const read = <T,>(store: string, query?: IDBValidKey) =>
      new Promise<T>((resolve, reject) => {
        const objects = db.transaction(store).objectStore(store)
        const request = query === undefined ? objects.getAll() : objects.get(query)
        request.onsuccess = () => resolve(request.result as T)
        request.onerror = () => reject(new Error(String(request.error)))
      })
    type Entry = { seq: number; key: string; createdAt: number; op: { op: string; table?: string; fn?: string } }
    const [state, outbox] = await Promise.all([
      read<{ push?: PushWait; pushing: boolean; online: boolean; lastError: string | null } | undefined>('syncState', 'sync'),
      read<Entry[]>('outbox'),
    ])
    db.close()
    const locks = await navigator.locks.query()
    const lockName = `moori-sync:${name}`
    const now = Date.now()
    return {
      push: state?.push ?? null,
      pushing: state?.pushing ?? null,
      online: state?.online ?? null,
      lastError: state?.lastError ?? null,
      outboxHead: outbox
        .sort((a, b) => a.seq - b.seq)
        .slice(0, 5)
        .map((e) => `${e.op.op}${e.op.fn ? ` ${e.op.fn}` : ''} ${e.key} (${((now - e.createdAt) / 1000).toFixed(0)} s old)`),
      outbox: outbox.length,
      lock: {
        held: (locks.held ?? []).some((l) => l.name === lockName),
        waiting: (locks.pending ?? []).filter((l) => l.name === lockName).length,
      },
      visibility: document.visibilityState,
      at: now,
    }
  }, `moori-${userId}`)
}

/** The diagnosis in one line, times relative to when it was read. */
export function describePush(d: PushDiagnosis): string {
  const ago = (t: number) => `${((d.at - t) / 1000).toFixed(1)} s ago`
  const inS = (t: number) => `in ${((t - d.at) / 1000).toFixed(1)} s`
  const p = d.push
  const push = !p
    ? 'no push state (the engine never ran)'
    : p.state === 'pushing'
      ? `pushing since ${ago(p.since)}${p.request ? `, waiting on ${p.request.kind} since ${ago(p.request.since)}` : ''}`
      : p.state === 'idle'
        ? `idle since ${ago(p.since)}`
        : `${p.state} since ${ago(p.since)}, next try ${inS(p.dueAt)} (${p.error})`
  const lock = d.lock.held ? `sync lock held, ${d.lock.waiting} waiting` : `NO sync lock held (no leader), ${d.lock.waiting} waiting`
  return `${push}; ${d.outbox} waiting [${d.outboxHead.join('; ')}]; ${lock}; online ${String(d.online)}; page ${d.visibility}`
}
