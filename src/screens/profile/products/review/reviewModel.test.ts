import { describe, expect, it } from 'vitest'
import type { ClothingTagRow, WardrobeItemRow } from '@/data/model/rows'
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import { clickItem, emptySelection, keepListed, reviewQueue, toggleAll } from './reviewModel'

const me = 'me'

function entry(id: string, createdAt: string, verified: boolean[], userId = me): WardrobeEntry {
  const item = { id, userId, createdAt } as WardrobeItemRow
  const tags = verified.map((isVerified, i) => ({ id: `${id}-${i}`, isVerified }) as ClothingTagRow)
  return { item, tags, job: null, uploadPending: false, waitingToStart: false }
}

const order = ['a', 'b', 'c', 'd', 'e']

describe('the To review inbox', () => {
  it('lists own items with a tag not yet confirmed, oldest first', () => {
    const queue = reviewQueue(
      [
        entry('new', '2026-11-03', [false]),
        entry('done', '2026-11-01', [true, true]),
        entry('untagged', '2026-11-01', []),
        entry('old', '2026-11-02', [true, false]),
        entry('theirs', '2026-11-01', [false], 'someone'),
      ],
      me,
    )
    expect(queue.map((e) => e.item.id)).toEqual(['old', 'new'])
  })

  it('toggles with a click and selects a range with a shift-click, either way', () => {
    let selection = clickItem(emptySelection, order, 'b', false)
    selection = clickItem(selection, order, 'd', true)
    expect([...selection.ids].sort()).toEqual(['b', 'c', 'd'])
    selection = clickItem(selection, order, 'c', false)
    expect([...selection.ids].sort()).toEqual(['b', 'd'])
    selection = clickItem(selection, order, 'a', true)
    expect([...selection.ids].sort()).toEqual(['a', 'b', 'c', 'd'])
  })

  it('a shift-click with nothing to extend from selects just the item', () => {
    expect([...clickItem(emptySelection, order, 'c', true).ids]).toEqual(['c'])
  })

  it('selects all, and clears when all are selected', () => {
    const all = toggleAll(clickItem(emptySelection, order, 'a', false), order)
    expect(all.ids.size).toBe(5)
    expect(toggleAll(all, order).ids.size).toBe(0)
  })

  it('forgets items that left the list', () => {
    const selection = toggleAll(emptySelection, order)
    const kept = keepListed({ ...selection, anchor: 'e' }, ['a', 'b'])
    expect([...kept.ids]).toEqual(['a', 'b'])
    expect(kept.anchor).toBeNull()
    expect(keepListed(kept, ['a', 'b', 'c'])).toBe(kept)
  })
})
