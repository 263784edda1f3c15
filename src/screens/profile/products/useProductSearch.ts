// The Products area's search and filters (spec §5, §6) over the wardrobe the query returns. Typing
// updates the box at once; the pure filter runs on a deferred copy, so 500 cards never slow a keystroke.
import { useDeferredValue, useMemo, useState } from 'react'
import { filterOptions, filterWardrobe, noFilters, type FilterOptions, type WardrobeFilters } from '@/lib/wardrobe/wardrobeFilters'
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'

interface Searchable {
  entry: WardrobeEntry
  name: string
  description: string | null
  isPublic: boolean
  tags: WardrobeEntry['tags']
}

export interface ProductSearch {
  filters: WardrobeFilters
  setFilters: (update: (current: WardrobeFilters) => WardrobeFilters) => void
  clear: () => void
  /** The entries that match, in the wardrobe's order. */
  shown: WardrobeEntry[]
  /** The values present per filter type, plus any chosen value that is no longer present. */
  options: FilterOptions
  /** The list still shows the previous filters (a large wardrobe is catching up). */
  stale: boolean
}

const withChosen = (present: string[], chosen: readonly string[]) => [
  ...present,
  ...chosen.filter((c) => !present.some((p) => p.toLowerCase() === c.toLowerCase())),
]

export function useProductSearch(entries: readonly WardrobeEntry[]): ProductSearch {
  const [filters, setFiltersState] = useState<WardrobeFilters>(noFilters)
  const deferred = useDeferredValue(filters)
  const searchable = useMemo<Searchable[]>(
    () => entries.map((entry) => ({ entry, name: entry.item.name, description: entry.item.description, isPublic: entry.item.isPublic, tags: entry.tags })),
    [entries],
  )
  const present = useMemo(() => filterOptions(searchable), [searchable])
  const shown = useMemo(() => filterWardrobe(searchable, deferred).map((s) => s.entry), [searchable, deferred])
  const options = useMemo<FilterOptions>(
    () => ({
      categories: withChosen(present.categories, filters.categories),
      colors: withChosen(present.colors, filters.colors),
      seasons: withChosen(present.seasons, filters.seasons),
      styles: withChosen(present.styles, filters.styles),
    }),
    [present, filters.categories, filters.colors, filters.seasons, filters.styles],
  )
  return {
    filters,
    setFilters: setFiltersState,
    clear: () => setFiltersState(noFilters),
    shown,
    options,
    stale: filters !== deferred,
  }
}
