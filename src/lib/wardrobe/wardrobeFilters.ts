// Searching and filtering a wardrobe (spec §5, §6): the search matches an item's name, description or
// any tag value, case-insensitively; filters combine with AND across types and OR within a type. The
// types are categories, colours, seasons, styles, the public flag, and OOTD items (style 'OOTD
// Extracted' or 'OOTD Complete'). Pure, so it is tested alone and runs per keystroke without I/O. Values
// compare as people read them (`tagLabel`), so a colour stored as 'Grey' is found under 'Gray'.
import { isOotdStyleTag } from './ootdStyles'
import { tagLabel } from './tagOptions'

interface FilterableTag {
  tagType: string
  tagValue: string
}

export interface FilterableItem {
  name: string
  description: string | null
  isPublic: boolean
  tags: readonly FilterableTag[]
}

export type VisibilityFilter = 'public' | 'private'

export interface WardrobeFilters {
  search: string
  categories: readonly string[]
  colors: readonly string[]
  seasons: readonly string[]
  styles: readonly string[]
  visibility: readonly VisibilityFilter[]
  /** Only items that came from outfit photos. */
  ootdOnly: boolean
}

export const noFilters: WardrobeFilters = {
  search: '',
  categories: [],
  colors: [],
  seasons: [],
  styles: [],
  visibility: [],
  ootdOnly: false,
}

const lower = (s: string) => s.toLowerCase()
/** How two tag values are compared: as read, case aside. */
const readAs = (value: string) => lower(tagLabel(value))

function hasTag(item: FilterableItem, type: string, wanted: readonly string[]): boolean {
  if (wanted.length === 0) return true
  const values = new Set(wanted.map(readAs))
  return item.tags.some((t) => t.tagType === type && values.has(readAs(t.tagValue)))
}

function isOotdItem(item: FilterableItem): boolean {
  return item.tags.some(isOotdStyleTag)
}

function matchesSearch(item: FilterableItem, search: string): boolean {
  const needle = lower(search.trim())
  if (!needle) return true
  return (
    lower(item.name).includes(needle) ||
    lower(item.description ?? '').includes(needle) ||
    item.tags.some((t) => lower(t.tagValue).includes(needle))
  )
}

function matchesFilters(item: FilterableItem, filters: WardrobeFilters): boolean {
  return (
    matchesSearch(item, filters.search) &&
    hasTag(item, 'category', filters.categories) &&
    hasTag(item, 'color', filters.colors) &&
    hasTag(item, 'season', filters.seasons) &&
    hasTag(item, 'style', filters.styles) &&
    (filters.visibility.length === 0 || filters.visibility.includes(item.isPublic ? 'public' : 'private')) &&
    (!filters.ootdOnly || isOotdItem(item))
  )
}

export function filterWardrobe<T extends FilterableItem>(items: readonly T[], filters: WardrobeFilters): T[] {
  return items.filter((item) => matchesFilters(item, filters))
}

export function activeFilterCount(filters: WardrobeFilters): number {
  return (
    filters.categories.length +
    filters.colors.length +
    filters.seasons.length +
    filters.styles.length +
    filters.visibility.length +
    (filters.ootdOnly ? 1 : 0)
  )
}

export interface FilterOptions {
  categories: string[]
  colors: string[]
  seasons: string[]
  styles: string[]
}

/** The values present in a wardrobe per filter type, most used first (ties alphabetical). */
export function filterOptions(items: readonly FilterableItem[]): FilterOptions {
  const counts: Record<keyof FilterOptions, Map<string, { value: string; n: number }>> = {
    categories: new Map(),
    colors: new Map(),
    seasons: new Map(),
    styles: new Map(),
  }
  const typeOf: Record<string, keyof FilterOptions> = { category: 'categories', color: 'colors', season: 'seasons', style: 'styles' }
  for (const item of items) {
    for (const tag of item.tags) {
      const bucket = typeOf[tag.tagType]
      if (!bucket) continue
      const key = readAs(tag.tagValue)
      const entry = counts[bucket].get(key) ?? { value: tag.tagValue, n: 0 }
      entry.n += 1
      counts[bucket].set(key, entry)
    }
  }
  const sorted = (m: Map<string, { value: string; n: number }>) =>
    [...m.values()].sort((a, b) => b.n - a.n || a.value.localeCompare(b.value)).map((e) => e.value)
  return {
    categories: sorted(counts.categories),
    colors: sorted(counts.colors),
    seasons: sorted(counts.seasons),
    styles: sorted(counts.styles),
  }
}
