import { describe, expect, it } from 'vitest'
import { autoLayout, layoutColumns, slotPosition } from './autoLayout'

describe('automatic layout', () => {
  it('fits as many 300 px columns as 80% of the window allows, at least one', () => {
    expect(layoutColumns(1440)).toBe(3)
    expect(layoutColumns(1920)).toBe(5)
    expect(layoutColumns(375)).toBe(1)
    expect(layoutColumns(100)).toBe(1)
  })

  it('deals slots of 250×300 with 50 px gaps, row by row', () => {
    expect(slotPosition(0, 3)).toEqual({ x: 50, y: 50 })
    expect(slotPosition(1, 3)).toEqual({ x: 350, y: 50 })
    expect(slotPosition(3, 3)).toEqual({ x: 50, y: 400 })
  })

  it('moves only the polaroids at (0,0), never back onto the origin', () => {
    const items = [
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: 900, y: 900 },
      { id: 'c', x: 0, y: 0 },
    ]
    const moved = autoLayout(items, 1440)
    expect(moved).toEqual([
      { id: 'a', x: 50, y: 50 },
      { id: 'c', x: 350, y: 50 },
    ])
    expect(autoLayout([...moved, items[1]!], 1440)).toEqual([])
  })

  it('skips slots the owner already covered', () => {
    const moved = autoLayout(
      [
        { id: 'placed', x: 60, y: 60 },
        { id: 'new', x: 0, y: 0 },
      ],
      1440,
    )
    expect(moved).toEqual([{ id: 'new', x: 350, y: 50 }])
  })
})
