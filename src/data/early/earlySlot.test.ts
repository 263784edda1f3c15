import { describe, expect, it } from 'vitest'
import { earlySlot, keyText } from './earlySlot'

type WallKey = { databaseName: string; wallId: string }
const w1: WallKey = { databaseName: 'moori-u1', wallId: 'w1' }
const w2: WallKey = { databaseName: 'moori-u1', wallId: 'w2' }
const otherUser: WallKey = { databaseName: 'moori-u2', wallId: 'w1' }

describe('earlySlot', () => {
  it('holds nothing until it waits for a key and that key is answered', () => {
    const slot = earlySlot<WallKey, { name: string }>()
    slot.answer(w1, { name: 'Lisbon' })
    expect(slot.get(w1)).toBeUndefined()
    slot.expect(w1)
    expect(slot.get(w1)).toBeUndefined()
    expect(slot.held()).toEqual({ key: w1, value: undefined })
    slot.answer(w1, { name: 'Lisbon' })
    expect(slot.get(w1)).toEqual({ name: 'Lisbon' })
  })

  it("answers only for its key: another wall's or another user's answer is ignored", () => {
    const slot = earlySlot<WallKey, { name: string }>()
    slot.expect(w1)
    slot.answer(w2, { name: 'Porto' })
    slot.answer(otherUser, { name: 'Porto' })
    expect(slot.get(w1)).toBeUndefined()
    slot.answer(w1, { name: 'Lisbon' })
    expect(slot.get(w2)).toBeUndefined()
    expect(slot.get(otherUser)).toBeUndefined()
    // The same key with its fields in another order is the same key.
    expect(slot.get({ wallId: 'w1', databaseName: 'moori-u1' })).toEqual({ name: 'Lisbon' })
  })

  it('hands an answer to its followers when it comes, and at once to one that follows after', () => {
    const slot = earlySlot<WallKey, string>()
    slot.expect(w1)
    const early: string[] = []
    const late: string[] = []
    const other: string[] = []
    slot.subscribe(w1, (value) => early.push(value))
    slot.subscribe(w2, (value) => other.push(value))
    slot.answer(w1, 'rows')
    slot.subscribe(w1, (value) => late.push(value))
    expect(early).toEqual(['rows'])
    expect(late).toEqual(['rows'])
    expect(other).toEqual([])
  })

  it('calls no follower after it unsubscribed', () => {
    const slot = earlySlot<WallKey, string>()
    slot.expect(w1)
    const got: string[] = []
    const unsubscribe = slot.subscribe(w1, (value) => got.push(value))
    unsubscribe()
    slot.answer(w1, 'rows')
    expect(got).toEqual([])
    expect(slot.get(w1)).toBe('rows')
  })

  it('lets go of a key the replica has taken over: its answer, its followers, and a late answer', () => {
    const slot = earlySlot<WallKey, string>()
    slot.expect(w1)
    const got: string[] = []
    slot.subscribe(w1, (value) => got.push(value))
    slot.release(w2)
    slot.release(otherUser)
    expect(slot.held()?.key).toEqual(w1)
    slot.release(w1)
    expect(slot.held()).toBeUndefined()
    slot.answer(w1, 'late rows')
    expect(slot.get(w1)).toBeUndefined()
    expect(got).toEqual([])
    expect(slot.subscribe(w1, (value) => got.push(value))).toBeTypeOf('function')
    expect(got).toEqual([])
  })

  it('waits for one key at a time: a new boot read lets go of the last one, and clear of all', () => {
    const slot = earlySlot<WallKey, string>()
    slot.expect(w1)
    slot.answer(w1, 'w1 rows')
    slot.expect(w2)
    expect(slot.get(w1)).toBeUndefined()
    slot.answer(w2, 'w2 rows')
    expect(slot.held()).toEqual({ key: w2, value: 'w2 rows' })
    slot.clear()
    expect(slot.get(w2)).toBeUndefined()
    expect(slot.held()).toBeUndefined()
  })

  it('keeps a falsy answer (a replica that is not missing)', () => {
    const slot = earlySlot<{ databaseName: string }, boolean>()
    slot.expect({ databaseName: 'moori-u1' })
    slot.answer({ databaseName: 'moori-u1' }, false)
    expect(slot.get({ databaseName: 'moori-u1' })).toBe(false)
  })
})

describe('keyText', () => {
  it('is the same for equal keys in any field order, and differs where a field does', () => {
    expect(keyText({ a: '1', b: '2' })).toBe(keyText({ b: '2', a: '1' }))
    expect(keyText({ a: '1', b: '2' })).not.toBe(keyText({ a: '1', b: '3' }))
    // No separator in a value can make two keys one.
    expect(keyText({ a: '1 b', b: '' })).not.toBe(keyText({ a: '1', b: 'b ' }))
  })
})
