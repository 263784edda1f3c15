import { describe, expect, it } from 'vitest'
import { clampBox, containedRect } from './containedRect'

describe('containedRect', () => {
  it('letterboxes a wide picture top and bottom', () => {
    // 400×200 in a 300×300 frame: 300×150, centred vertically.
    expect(containedRect({ width: 400, height: 200 }, { width: 300, height: 300 })).toEqual({ left: 0, top: 25, width: 100, height: 50 })
  })

  it('pillarboxes a tall picture left and right', () => {
    // 300×600 in a 400×400 frame: 200×400, centred horizontally.
    expect(containedRect({ width: 300, height: 600 }, { width: 400, height: 400 })).toEqual({ left: 25, top: 0, width: 50, height: 100 })
  })

  it('fills the frame when the proportions match, or when a size is unknown', () => {
    expect(containedRect({ width: 800, height: 600 }, { width: 400, height: 300 })).toEqual({ left: 0, top: 0, width: 100, height: 100 })
    expect(containedRect({ width: 0, height: 0 }, { width: 400, height: 300 })).toEqual({ left: 0, top: 0, width: 100, height: 100 })
  })
})

describe('clampBox', () => {
  it('keeps boxes inside the picture', () => {
    expect(clampBox({ x: 10, y: 20, width: 30, height: 40 })).toEqual({ left: 10, top: 20, width: 30, height: 40 })
    expect(clampBox({ x: -5, y: 90, width: 120, height: 30 })).toEqual({ left: 0, top: 90, width: 100, height: 10 })
    expect(clampBox({ x: Number.NaN, y: 0, width: 10, height: 10 })).toEqual({ left: 0, top: 0, width: 10, height: 10 })
  })
})
