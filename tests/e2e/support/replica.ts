// Reading a user's replica (IndexedDB `moori-<userId>`) from a page, for tests that wait on what the
// sync engine recorded (a scope pulled, its channel joined) instead of sleeping.
import { expect, type Page } from '@playwright/test'

export interface ScopeRow {
  key: string
  status: string
  lastPulledAt: number | null
  error: string | null
  channel?: string
}

export function readScope(page: Page, userId: string, scope: string): Promise<ScopeRow | null> {
  return page.evaluate(
    async ([name, key]) => {
      const db: IDBDatabase = await new Promise((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(new Error(String(open.error)))
      })
      const row = await new Promise<ScopeRow | undefined>((resolve, reject) => {
        if (!db.objectStoreNames.contains('scopes')) return resolve(undefined)
        const request = db.transaction('scopes').objectStore('scopes').get(key)
        request.onsuccess = () => resolve(request.result as ScopeRow | undefined)
        request.onerror = () => reject(new Error(String(request.error)))
      })
      db.close()
      return row ?? null
    },
    [`moori-${userId}`, scope] as const,
  )
}

/** Waits until the scope has been pulled and its realtime channel has joined. */
export async function waitForLiveScope(page: Page, userId: string, scope: string): Promise<void> {
  await expect
    .poll(async () => {
      const row = await readScope(page, userId, scope)
      return row ? { pulled: row.status === 'ready', channel: row.channel ?? null } : null
    })
    .toEqual({ pulled: true, channel: 'joined' })
}
