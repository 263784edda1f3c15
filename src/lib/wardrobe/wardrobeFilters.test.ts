import { describe, expect, it } from 'vitest'
import { activeFilterCount, filterOptions, filterWardrobe, noFilters, type FilterableItem } from './wardrobeFilters'

const item = (name: string, tags: Array<[string, string]>, extra: Partial<FilterableItem> = {}): FilterableItem => ({
  name,
  description: null,
  isPublic: false,
  tags: tags.map(([tagType, tagValue]) => ({ tagType, tagValue })),
  ...extra,
})

const shirt = item('Linen shirt', [['category', 'top'], ['color', 'White'], ['season', 'Summer']], { isPublic: true })
const jeans = item('Jeans', [['category', 'bottom'], ['color', 'Navy'], ['season', 'All Season']])
const tee = item('Navy tee', [['category', 'top'], ['color', 'Navy'], ['style', 'OOTD Extracted']], { description: 'From the beach photo' })
const look = item('Outfit', [['category', 'complete_outfit'], ['style', 'OOTD Complete'], ['season', 'Summer']])
const all = [shirt, jeans, tee, look]
const names = (items: FilterableItem[]) => items.map((i) => i.name)

describe('wardrobe search', () => {
  it('matches name, description and tag values, case-insensitively', () => {
    expect(names(filterWardrobe(all, { ...noFilters, search: 'LINEN' }))).toEqual(['Linen shirt'])
    expect(names(filterWardrobe(all, { ...noFilters, search: 'beach' }))).toEqual(['Navy tee'])
    expect(names(filterWardrobe(all, { ...noFilters, search: 'navy' }))).toEqual(['Jeans', 'Navy tee'])
    expect(names(filterWardrobe(all, { ...noFilters, search: '   ' }))).toEqual(names(all))
  })
})

describe('wardrobe filters', () => {
  it('OR within a type', () => {
    expect(names(filterWardrobe(all, { ...noFilters, colors: ['White', 'navy'] }))).toEqual(['Linen shirt', 'Jeans', 'Navy tee'])
  })

  it('AND across types', () => {
    expect(names(filterWardrobe(all, { ...noFilters, categories: ['top'], colors: ['Navy'] }))).toEqual(['Navy tee'])
    expect(names(filterWardrobe(all, { ...noFilters, categories: ['top'], seasons: ['Summer'] }))).toEqual(['Linen shirt'])
    expect(names(filterWardrobe(all, { ...noFilters, categories: ['top', 'bottom'], seasons: ['Summer', 'All Season'] }))).toEqual([
      'Linen shirt',
      'Jeans',
    ])
  })

  it('filters by the public flag and by OOTD origin, together with the search', () => {
    expect(names(filterWardrobe(all, { ...noFilters, visibility: ['public'] }))).toEqual(['Linen shirt'])
    expect(names(filterWardrobe(all, { ...noFilters, visibility: ['public', 'private'] }))).toEqual(names(all))
    expect(names(filterWardrobe(all, { ...noFilters, ootdOnly: true }))).toEqual(['Navy tee', 'Outfit'])
    expect(names(filterWardrobe(all, { ...noFilters, ootdOnly: true, styles: ['OOTD Complete'], search: 'out' }))).toEqual(['Outfit'])
    expect(names(filterWardrobe(all, { ...noFilters, ootdOnly: true, visibility: ['public'] }))).toEqual([])
  })

  it('counts active filters and lists the values present, most used first', () => {
    expect(activeFilterCount({ ...noFilters, colors: ['a', 'b'], ootdOnly: true, search: 'x' })).toBe(3)
    expect(filterOptions(all)).toEqual({
      categories: ['top', 'bottom', 'complete_outfit'],
      colors: ['Navy', 'White'],
      seasons: ['Summer', 'All Season'],
      styles: ['OOTD Complete', 'OOTD Extracted'],
    })
  })
})

describe('colours stored under earlier spellings', () => {
  const grey = item('Grey tee', [['color', 'Grey']])
  const gray = item('Gray jeans', [['color', 'Gray']])
  it('filter and list as the vocabulary word', () => {
    expect(names(filterWardrobe([grey, gray], { ...noFilters, colors: ['Gray'] }))).toEqual(['Grey tee', 'Gray jeans'])
    expect(filterOptions([grey, gray]).colors).toHaveLength(1)
  })
})
