import { describe, expect, it } from 'vitest'
import { columnsFor } from './Masonry'

const discover = { default: 6, 1536: 6, 1280: 5, 1024: 4, 768: 3, 640: 2 }

describe('masonry columns', () => {
  it.each([
    [375, 1],
    [639, 1],
    [640, 2],
    [700, 2],
    [800, 3],
    [1100, 4],
    [1300, 5],
    [1536, 6],
    [1600, 6],
  ])('Discover at width %i has %i columns', (width, columns) => {
    expect(columnsFor(width, discover, 1)).toBe(columns)
  })

  it('defaults to 2 columns', () => {
    expect(columnsFor(1200, { default: 2 }, 1)).toBe(2)
  })
})
