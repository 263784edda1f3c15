import { describe, expect, it } from 'vitest'
import type { WallCard } from '@/data/queries/useMooris'
import { filterWalls } from './wallFilters'

function card(
  name: string,
  options: { description?: string; private?: boolean; count?: number } = {},
): WallCard {
  return {
    wall: {
      id: name,
      name,
      description: options.description ?? null,
      ownerId: 'o',
      private: options.private ?? false,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      txid: '1',
    },
    owner: null,
    polaroidCount: options.count ?? 0,
    previews: [],
  }
}

const cards = [
  card('Wedding Guest Outfits', { description: 'Three weddings', count: 6 }),
  card('Birthday gift ideas', { description: 'Secret. Do not peek', private: true, count: 1 }),
  card('Empty wall'),
]
const names = (list: WallCard[]) => list.map((c) => c.wall.name)

describe('profile wall filters', () => {
  it('search name and description, ignoring case and spaces around', () => {
    expect(names(filterWalls(cards, '  WEDDING ', 'all'))).toEqual(['Wedding Guest Outfits'])
    expect(names(filterWalls(cards, 'peek', 'all'))).toEqual(['Birthday gift ideas'])
    expect(filterWalls(cards, '', 'all')).toHaveLength(3)
  })

  it('filter by privacy and by having images, together with the search', () => {
    expect(names(filterWalls(cards, '', 'public'))).toEqual(['Wedding Guest Outfits', 'Empty wall'])
    expect(names(filterWalls(cards, '', 'private'))).toEqual(['Birthday gift ideas'])
    expect(names(filterWalls(cards, '', 'withImages'))).toEqual([
      'Wedding Guest Outfits',
      'Birthday gift ideas',
    ])
    expect(names(filterWalls(cards, 'wall', 'withImages'))).toEqual([])
  })
})
