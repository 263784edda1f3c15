import { describe, expect, it } from 'vitest'
import { chipKinds, chipKindsNote, chipTitle, tagChips, type ChipTag } from './tagChips'
import type { TagTypeName } from './tagOptions'

let next = 0
/** An AI guess not yet confirmed, unless told otherwise. */
function tag(tagType: TagTypeName, tagValue: string, more: Partial<ChipTag> = {}): ChipTag {
  next += 1
  return {
    id: `t${next}`,
    tagType,
    tagValue,
    confidenceScore: 0.5,
    isAiGenerated: true,
    isVerified: false,
    ...more,
  }
}

describe('tagChips (issue 40: a word shown once per item)', () => {
  it("shows the astronaut outfit's style and occasion 'Casual' as one chip that says both kinds", () => {
    const style = tag('style', 'Casual', { confidenceScore: 0.31 })
    const occasion = tag('occasion', 'Casual', { confidenceScore: 0.31 })
    const chips = tagChips([
      tag('category', 'complete_outfit', { isAiGenerated: false, isVerified: true, confidenceScore: 1 }),
      style,
      occasion,
    ])
    expect(chips.map((c) => c.label)).toEqual(['complete outfit', 'Casual'])
    const casual = chips[1]!
    expect(casual.types).toEqual(['style', 'occasion'])
    expect(casual.tags).toEqual([style, occasion])
    expect(casual.key).toBe(style.id)
    expect(casual.confidence).toBe(0.31)
    expect(chipTitle(casual)).toBe('Style and occasion: Casual')
    expect(chipKindsNote(casual)).toBe(' (style and occasion)')
  })

  it('keeps the higher confidence of the unconfirmed guesses it stands for', () => {
    const [chip] = tagChips([
      tag('occasion', 'Casual', { confidenceScore: 0.4 }),
      tag('style', 'Casual', { confidenceScore: 0.9 }),
    ])
    expect(chip!.confidence).toBe(0.9)
    // The kinds read in the review modal's order, whichever tag came first.
    expect(chip!.types).toEqual(['style', 'occasion'])
  })

  it('merges case and spacing differences, within one type and across types', () => {
    const chips = tagChips([
      tag('style', 'casual'),
      tag('style', ' Casual '),
      tag('occasion', 'CASUAL'),
      tag('color', 'Navy'),
    ])
    expect(chips.map((c) => [c.label, c.types, c.tags.length])).toEqual([
      ['casual', ['style', 'occasion'], 3],
      ['Navy', ['color'], 1],
    ])
  })

  it('reads an earlier colour spelling as the word it shows', () => {
    const chips = tagChips([tag('color', 'Grey'), tag('color', 'Gray')])
    expect(chips).toHaveLength(1)
    expect(chips[0]!.label).toBe('Gray')
    expect(chips[0]!.types).toEqual(['color'])
    expect(chipKindsNote(chips[0]!)).toBeNull()
    expect(chipTitle(chips[0]!)).toBe('Color: Gray')
  })

  it('loses no tag: every tag is in exactly one chip, and only empty values show nothing', () => {
    const tags = [
      tag('style', 'Casual'),
      tag('occasion', 'Casual'),
      tag('season', 'Summer'),
      tag('brand', 'Nike'),
      tag('color', '  '),
    ]
    const chips = tagChips(tags)
    expect(chips.flatMap((c) => c.tags)).toEqual(tags.slice(0, 4))
    expect(tagChips([])).toEqual([])
  })

  it('shows a guess until every AI tag it stands for is confirmed, then a check; own tags carry neither', () => {
    const own = { isAiGenerated: false, isVerified: true, confidenceScore: 1 }
    const confirmed = { isAiGenerated: true, isVerified: true, confidenceScore: 1 }
    const [mixed] = tagChips([
      tag('style', 'Casual', own),
      tag('occasion', 'Casual', { confidenceScore: 0.31 }),
    ])
    expect(mixed).toMatchObject({ confidence: 0.31, verified: false })
    const [done] = tagChips([tag('style', 'Casual', own), tag('occasion', 'Casual', confirmed)])
    expect(done).toMatchObject({ confidence: null, verified: true })
    const [mine] = tagChips([tag('style', 'Casual', own), tag('occasion', 'Casual', own)])
    expect(mine).toMatchObject({ confidence: null, verified: false })
  })

  it('names three kinds or more in a list', () => {
    expect(chipKinds({ types: ['color', 'style', 'occasion'] })).toBe('Color, style and occasion')
    expect(chipKinds({ types: ['brand'] })).toBe('Brand')
  })
})
