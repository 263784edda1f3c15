import { describe, expect, it } from 'vitest'
import {
  gridPosition,
  matchScore,
  pickMoodboard,
  promptWords,
  wallNameFromPrompt,
  type Candidate,
} from './moodboard'

function candidate(key: string, fields: Partial<Candidate> = {}): Candidate {
  return {
    key,
    kind: 'polaroid',
    name: key,
    message: '',
    strong: [key],
    weak: [],
    imagePath: `polaroid-images/u/${key}.jpg`,
    externalUrl: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...fields,
  }
}

describe('moodboard matching', () => {
  it('keeps the words that matter', () => {
    expect(promptWords('Linen for a SUMMER wedding, linen!')).toEqual(['linen', 'summer', 'wedding'])
    expect(promptWords('   ')).toEqual([])
  })

  it('scores names and tags above messages and wall names, case-insensitively, plurals too', () => {
    const hat = candidate('hat', { strong: ['Wide-brim Hat'], weak: ['Wedding Guest Outfits'] })
    expect(matchScore(hat, ['hats'])).toBe(2)
    expect(matchScore(hat, ['wedding'])).toBe(1)
    expect(matchScore(hat, ['hats', 'wedding', 'sneaker'])).toBe(3)
  })

  it('picks the best matches first, newest on ties, at most 12, no image twice', () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      candidate(`dress${i}`, {
        strong: ['Summer dress'],
        createdAt: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
      }),
    )
    const best = candidate('best', { strong: ['Summer dress', 'linen'] })
    const twin = candidate('twin', { strong: ['Summer dress', 'linen'], imagePath: best.imagePath })
    const picked = pickMoodboard([...many, best, twin], promptWords('linen summer dress'))
    expect(picked).toHaveLength(12)
    expect(picked[0]!.key).toBe('best')
    expect(picked.map((p) => p.key)).not.toContain('twin')
    expect(picked[1]!.key).toBe('dress19')
  })

  it('falls back to the newest public polaroids when nothing matches', () => {
    const old = candidate('old', { createdAt: '2025-01-01T00:00:00Z' })
    const fresh = candidate('fresh', { createdAt: '2026-06-01T00:00:00Z' })
    const item = candidate('item', { kind: 'item', createdAt: '2027-01-01T00:00:00Z' })
    expect(pickMoodboard([old, fresh, item], ['zebra']).map((c) => c.key)).toEqual(['fresh', 'old'])
  })
})

describe('moodboard layout and naming', () => {
  it('deals cards into 4 columns of 250×300 slots with 50 px gaps, away from the origin', () => {
    expect(gridPosition(0)).toEqual({ x: 50, y: 50 })
    expect(gridPosition(3)).toEqual({ x: 950, y: 50 })
    expect(gridPosition(4)).toEqual({ x: 50, y: 400 })
    expect(gridPosition(11)).toEqual({ x: 950, y: 750 })
  })

  it('names the wall after the prompt, trimmed to 80 characters', () => {
    expect(wallNameFromPrompt('  summer   wedding  ')).toBe('summer wedding')
    const long = wallNameFromPrompt(`${'x'.repeat(79)} yz`)
    expect(long).toBe('x'.repeat(79))
    expect(wallNameFromPrompt('y'.repeat(200))).toHaveLength(80)
  })
})
