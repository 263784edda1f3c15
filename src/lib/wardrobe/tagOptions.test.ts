import { describe, expect, it } from 'vitest'
import {
  BRAND_OPTIONS,
  CATEGORY_OPTIONS,
  COLOR_OPTIONS,
  MATERIAL_OPTIONS,
  OCCASION_OPTIONS,
  SEASON_OPTIONS,
  STYLE_OPTIONS,
  TAG_CHOICES,
  TAG_TYPES,
  tagLabel,
  tagWord,
} from './tagOptions'

describe('tag options (spec §3)', () => {
  it('has the spec lists and the quick-pick counts', () => {
    expect(CATEGORY_OPTIONS).toEqual(['top', 'bottom', 'dress', 'outerwear', 'footwear', 'accessory', 'complete_outfit'])
    expect(SEASON_OPTIONS).toEqual(['Spring', 'Summer', 'Fall', 'Winter', 'All Season'])
    expect(OCCASION_OPTIONS).toEqual(['Casual', 'Business', 'Formal', 'Party', 'Athletic', 'Beach', 'Travel'])
    expect(COLOR_OPTIONS).toHaveLength(20)
    expect(STYLE_OPTIONS).toHaveLength(15)
    expect(MATERIAL_OPTIONS).toHaveLength(16)
    expect(BRAND_OPTIONS).toHaveLength(26)
    for (const list of [COLOR_OPTIONS, STYLE_OPTIONS, MATERIAL_OPTIONS, BRAND_OPTIONS]) {
      expect(new Set(list.map((v) => v.toLowerCase())).size).toBe(list.length)
    }
  })

  it('lets category, colour, style, material and brand take free text, and every type has choices', () => {
    expect(TAG_TYPES.filter((t) => TAG_CHOICES[t].freeText)).toEqual(['category', 'color', 'style', 'material', 'brand'])
    for (const type of TAG_TYPES) expect(TAG_CHOICES[type].options.length).toBeGreaterThan(0)
  })

  it('reads underscores as spaces', () => {
    expect(tagLabel('complete_outfit')).toBe('complete outfit')
    expect(tagLabel('Navy')).toBe('Navy')
  })

  it('compares values as the words people read, case and spacing aside', () => {
    expect(tagWord(' Casual ')).toBe(tagWord('casual'))
    expect(tagWord('Grey')).toBe(tagWord('Gray'))
    expect(tagWord('complete_outfit')).toBe('complete outfit')
    expect(tagWord('Navy')).not.toBe(tagWord('Blue'))
  })
})
