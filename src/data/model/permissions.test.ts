import { describe, expect, it } from 'vitest'
import { canManageItem, canSeeWall, canSeeWardrobeItem, ownsWall } from './permissions'

describe('permissions', () => {
  it('show private walls to their owner only', () => {
    expect(canSeeWall({ private: false, ownerId: 'a' }, null)).toBe(true)
    expect(canSeeWall({ private: true, ownerId: 'a' }, 'a')).toBe(true)
    expect(canSeeWall({ private: true, ownerId: 'a' }, 'b')).toBe(false)
    expect(ownsWall({ ownerId: 'a' }, 'a')).toBe(true)
    expect(ownsWall(undefined, 'a')).toBe(false)
    expect(ownsWall({ ownerId: 'a' }, null)).toBe(false)
  })

  it("let an item's creator and the wall's owner manage it", () => {
    expect(canManageItem({ createdBy: 'b' }, 'a', 'b')).toBe(true)
    expect(canManageItem({ createdBy: 'b' }, 'a', 'a')).toBe(true)
    expect(canManageItem({ createdBy: 'b' }, 'a', 'c')).toBe(false)
    expect(canManageItem({ createdBy: 'b' }, 'a', null)).toBe(false)
  })

  it('show wardrobe items to their owner, and to everyone once public', () => {
    expect(canSeeWardrobeItem({ isPublic: false, userId: 'a' }, 'a')).toBe(true)
    expect(canSeeWardrobeItem({ isPublic: false, userId: 'a' }, 'b')).toBe(false)
    expect(canSeeWardrobeItem({ isPublic: true, userId: 'a' }, null)).toBe(true)
  })
})
