import { describe, expect, it } from 'vitest'
import { waitingText } from './SyncDetailsDialog'
import { shortSyncStatusText, syncStatusText } from './SyncStatusChip'

describe('sync status text', () => {
  it.each([
    [{ online: true, pushing: false, pendingCount: 0 }, 'All changes saved', 'Saved'],
    [{ online: true, pushing: true, pendingCount: 2 }, 'Saving...', 'Saving...'],
    [{ online: true, pushing: false, pendingCount: 1 }, '1 change waiting', '1 waiting'],
    [{ online: false, pushing: false, pendingCount: 3 }, 'Offline · 3 changes waiting', 'Offline · 3'],
    [{ online: false, pushing: false, pendingCount: 0 }, 'Offline', 'Offline'],
    [{ online: false, pushing: false, pendingCount: 2, fromCache: true }, 'Offline (from cache) · 2 changes waiting', 'Offline · 2'],
  ])('%o reads %s (on a phone: %s)', (status, text, short) => {
    expect(syncStatusText(status)).toBe(text)
    expect(shortSyncStatusText(status)).toBe(short)
  })

  it('a phone never needs more than 14 characters, however many changes wait', () => {
    expect(shortSyncStatusText({ online: false, pushing: false, pendingCount: 12345 })).toBe('Offline · 999+')
    expect(shortSyncStatusText({ online: true, pushing: false, pendingCount: 1000 })).toBe('999+ waiting')
  })

  it('the details say how many changes wait', () => {
    expect(waitingText(0)).toBe('Nothing is waiting: the server has every change made on this device.')
    expect(waitingText(1)).toBe('1 change waits on this device to be sent.')
    expect(waitingText(40)).toBe('40 changes wait on this device, to be sent in the order you made them.')
  })
})
