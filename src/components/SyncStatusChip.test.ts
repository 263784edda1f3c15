import { describe, expect, it } from 'vitest'
import { syncStatusText } from './SyncStatusChip'

describe('sync status text', () => {
  it.each([
    [{ online: true, pushing: false, pendingCount: 0 }, 'All changes saved'],
    [{ online: true, pushing: true, pendingCount: 2 }, 'Saving...'],
    [{ online: true, pushing: false, pendingCount: 1 }, '1 change waiting'],
    [{ online: false, pushing: false, pendingCount: 3 }, 'Offline · 3 changes waiting'],
    [{ online: false, pushing: false, pendingCount: 0 }, 'Offline'],
    [{ online: false, pushing: false, pendingCount: 2, fromCache: true }, 'Offline (from cache) · 2 changes waiting'],
  ])('%o reads %s', (status, text) => {
    expect(syncStatusText(status)).toBe(text)
  })
})
