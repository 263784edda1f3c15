// Which of a profile's walls to show: a case-insensitive search over name and description, and one
// filter (all, public, private, with images). Pure, so it is tested on its own.
import type { WallCard } from '@/data/queries/useMooris'

export type WallFilter = 'all' | 'public' | 'private' | 'withImages'

export const ownerFilters: Array<{ id: WallFilter; label: string }> = [
  { id: 'all', label: 'All' },
  { id: 'public', label: 'Public' },
  { id: 'private', label: 'Private' },
]

export const visitorFilters: Array<{ id: WallFilter; label: string }> = [
  { id: 'all', label: 'All' },
  { id: 'withImages', label: 'With images' },
]

export function filterWalls(cards: WallCard[], query: string, filter: WallFilter): WallCard[] {
  const needle = query.trim().toLowerCase()
  return cards.filter(({ wall, polaroidCount }) => {
    if (filter === 'public' && wall.private) return false
    if (filter === 'private' && !wall.private) return false
    if (filter === 'withImages' && polaroidCount === 0) return false
    if (!needle) return true
    return wall.name.toLowerCase().includes(needle) || (wall.description ?? '').toLowerCase().includes(needle)
  })
}
