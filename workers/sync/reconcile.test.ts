import { describe, expect, it } from 'vitest'
import { reconcile, isNewer } from './reconcile'

const row = (txid: string, x: number, name = 'a') => ({ id: 'p1', txid, x, name })

describe('reconcile', () => {
  it('takes the server row when nothing is pending', () => {
    expect(reconcile(row('5', 1), row('7', 2), undefined)).toEqual(row('7', 2))
  })

  it('keeps pending local fields and takes the rest from the server', () => {
    const merged = reconcile(row('5', 1, 'local'), row('7', 2, 'server'), { fields: new Set(['x']), removes: false })
    expect(merged).toEqual({ id: 'p1', txid: '7', x: 1, name: 'server' })
  })

  it('never brings back a row deleted locally while the delete waits', () => {
    expect(reconcile(undefined, row('7', 2), { fields: new Set(), removes: true })).toBeNull()
  })

  it('ignores an older server version', () => {
    expect(reconcile(row('9', 1), row('7', 2), undefined)).toBeNull()
  })

  it('compares transaction ids as numbers, not strings', () => {
    expect(isNewer('10', '9')).toBe(true)
    expect(isNewer('9', '10')).toBe(false)
    expect(isNewer('', '1')).toBe(false)
    expect(isNewer('1', '')).toBe(true)
  })
})
