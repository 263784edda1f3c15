import { describe, expect, it } from 'vitest'
import { keepUnchanged, sameData } from './sameData'

describe('sameData', () => {
  it('compares rows by their data, deeply', () => {
    expect(sameData({ a: 1, b: [1, { c: null }] }, { a: 1, b: [1, { c: null }] })).toBe(true)
    expect(sameData({ a: 1, b: [1, { c: null }] }, { a: 1, b: [1, { c: 0 }] })).toBe(false)
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false)
    expect(sameData([1, 2], [1, 2, 3])).toBe(false)
    expect(sameData([1], { 0: 1 })).toBe(false)
    expect(sameData(null, {})).toBe(false)
    expect(sameData(Number.NaN, Number.NaN)).toBe(true)
  })

  it('tells apart objects that are not plain data', () => {
    expect(sameData(new Date(1), new Date(2))).toBe(false)
    const blob = new Blob(['x'])
    expect(sameData(blob, blob)).toBe(true)
    expect(sameData(blob, new Blob(['x']))).toBe(false)
  })
})

describe('keepUnchanged', () => {
  const row = (id: string, v: number) => ({ id, v })

  it('keeps the objects of rows that did not change, and takes the new ones of those that did', () => {
    const before = [row('a', 1), row('b', 1)]
    const after = keepUnchanged(before, [row('a', 1), row('b', 2), row('c', 1)], (r) => r.id)
    expect(after[0]).toBe(before[0])
    expect(after[1]).toEqual(row('b', 2))
    expect(after[1]).not.toBe(before[1])
    expect(after[2]).toEqual(row('c', 1))
  })

  it('answers the very list from before when nothing changed, a new one when only the order did', () => {
    const before = [row('a', 1), row('b', 1)]
    expect(keepUnchanged(before, [row('a', 1), row('b', 1)], (r) => r.id)).toBe(before)
    const reordered = keepUnchanged(before, [row('b', 1), row('a', 1)], (r) => r.id)
    expect(reordered).not.toBe(before)
    expect(reordered[0]).toBe(before[1])
    expect(keepUnchanged(before, [row('a', 1)], (r) => r.id)).not.toBe(before)
    expect(keepUnchanged(undefined, before, (r) => r.id)).toBe(before)
  })
})
