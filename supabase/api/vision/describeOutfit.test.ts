import { describe, expect, it } from 'vitest'
import { describeGarment, describeOutfit, outfitColors, type GarmentFacts } from './describeOutfit'

function garment(
  category: GarmentFacts['category'],
  colors: [string, number][],
  extra: Partial<GarmentFacts> = {},
): GarmentFacts {
  return {
    category,
    colors: colors.map(([name, share]) => ({ name, share })),
    pixelCount: 1000,
    confidence: 0.7,
    short: false,
    sleeves: null,
    ...extra,
  }
}

describe('garment descriptions', () => {
  it('names the dominant colour and the garment', () => {
    expect(describeGarment(garment('top', [['Navy', 0.9]]))).toBe('Navy top')
    expect(
      describeGarment(
        garment('dress', [
          ['Burgundy', 0.6],
          ['White', 0.3],
        ]),
      ),
    ).toBe('Burgundy and white dress')
    expect(
      describeGarment(
        garment('top', [
          ['Burgundy', 0.8],
          ['White', 0.1],
        ]),
      ),
    ).toBe('Burgundy top')
    expect(describeGarment(garment('bottom', [['Blue', 1]], { short: true }))).toBe('Blue shorts')
    expect(describeGarment(garment('bottom', [['Black', 1]]))).toBe('Black bottoms')
    expect(describeGarment(garment('footwear', []))).toBe('Shoes')
  })
})

describe('outfit summary', () => {
  it('weights the outfit colours by garment size', () => {
    const colors = outfitColors([
      garment('top', [['Navy', 1]], { pixelCount: 3000 }),
      garment('bottom', [['White', 1]], { pixelCount: 1000 }),
    ])
    expect(colors).toEqual([
      { name: 'Navy', share: 0.75 },
      { name: 'White', share: 0.25 },
    ])
  })

  it('calls shorts with bare legs Summer', () => {
    const summary = describeOutfit(
      [
        garment('top', [['White', 1]], { sleeves: 'short' }),
        garment('bottom', [['Blue', 1]], { short: true }),
      ],
      true,
    )
    expect(summary.season).toBe('Summer')
  })

  it('calls long sleeves over long bottoms in dark colours Fall', () => {
    const summary = describeOutfit(
      [garment('top', [['Burgundy', 1]], { sleeves: 'long' }), garment('bottom', [['Black', 1]])],
      true,
    )
    expect(summary.season).toBe('Fall')
  })

  it('says All Season when nothing tells the season', () => {
    const summary = describeOutfit(
      [garment('top', [['Yellow', 1]], { sleeves: 'short' }), garment('bottom', [['Blue', 1]])],
      true,
    )
    expect(summary.season).toBe('All Season')
    expect(summary.occasion).toBe('Casual')
  })

  it('reads the style from the colour scheme', () => {
    expect(
      describeOutfit([garment('top', [['White', 1]]), garment('bottom', [['Black', 1]])], true).style,
    ).toBe('Monochrome')
    expect(
      describeOutfit([garment('top', [['Beige', 1]]), garment('bottom', [['Navy', 1]])], true).style,
    ).toBe('Neutral')
    expect(
      describeOutfit([garment('top', [['Yellow', 1]]), garment('bottom', [['Blue', 1]])], true).style,
    ).toBe('Colour-blocked')
  })

  it('reads a kit (matching colours, shorts) as Sporty and a same-colour suit as Tailored', () => {
    const kit = describeOutfit(
      [
        garment('top', [
          ['Burgundy', 0.5],
          ['Navy', 0.45],
        ]),
        garment(
          'bottom',
          [
            ['Navy', 0.6],
            ['Burgundy', 0.3],
          ],
          { short: true },
        ),
      ],
      true,
    )
    expect([kit.style, kit.occasion]).toEqual(['Sporty', 'Athletic'])
    const suit = describeOutfit(
      [garment('top', [['Charcoal', 1]], { sleeves: 'long' }), garment('bottom', [['Charcoal', 1]])],
      true,
    )
    expect([suit.style, suit.occasion]).toEqual(['Tailored', 'Business'])
  })

  it('keeps its confidence modest, and lower without a person', () => {
    const garments = [
      garment('top', [['Navy', 1]], { confidence: 0.9 }),
      garment('bottom', [['White', 1]], { short: true, confidence: 0.9 }),
    ]
    const withPerson = describeOutfit(garments, true)
    expect(withPerson.confidence).toBeLessThanOrEqual(0.55)
    expect(withPerson.confidence).toBeGreaterThan(0.3)
    expect(
      describeOutfit([garment('top', [['Navy', 1]], { confidence: 0.45 })], false).confidence,
    ).toBeLessThanOrEqual(0.3)
  })
})
