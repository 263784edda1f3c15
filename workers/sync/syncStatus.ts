// The engine's state as the status chip reads it (DESIGN §4 Status): online, pushing, when the last sync
// happened and the last error, and why it is not pushing right now (`push`), kept in the replica's
// `syncState` row. Only real changes are written, so live queries do not wake up for nothing.
import type { MooriDB } from '@/data/db'
import type { SyncState } from '@/data/model/outbox'

export type SyncStatus = Omit<SyncState, 'id'>

export class SyncStatusWriter {
  private status: SyncStatus = { online: true, pushing: false, lastSyncedAt: null, lastError: null }
  private stopped = false

  constructor(private readonly db: MooriDB) {}

  /** Picks up what an earlier session recorded (the last sync time survives reloads). */
  async load(): Promise<void> {
    const existing = await this.db.syncState.get('sync')
    if (existing) this.status = { ...this.status, lastSyncedAt: existing.lastSyncedAt }
    await this.db.syncState.put({ id: 'sync', ...this.status })
  }

  async write(patch: Partial<SyncStatus>): Promise<void> {
    if (this.stopped) return
    const next = { ...this.status, ...patch }
    const changed = (Object.keys(next) as Array<keyof SyncStatus>).some((k) =>
      k === 'push' ? JSON.stringify(next.push) !== JSON.stringify(this.status.push) : next[k] !== this.status[k],
    )
    this.status = next
    if (changed) await this.db.syncState.put({ id: 'sync', ...next })
  }

  stop(): void {
    this.stopped = true
  }
}
