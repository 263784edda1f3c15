// The Products area's filter chips (spec §5, §6): the categories, colours, seasons and styles present
// in the wardrobe, the public flag (owner only) and OOTD items. OR within a group, AND across groups.
import type { FilterOptions, VisibilityFilter, WardrobeFilters } from '@/lib/wardrobe/wardrobeFilters'
import { tagLabel } from '@/lib/wardrobe/tagOptions'
import styles from './ProductsSection.module.css'

type ListKey = 'categories' | 'colors' | 'seasons' | 'styles'

const groups: Array<{ key: ListKey; label: string }> = [
  { key: 'categories', label: 'Category' },
  { key: 'colors', label: 'Color' },
  { key: 'seasons', label: 'Season' },
  { key: 'styles', label: 'Style' },
]

const visibilities: Array<{ id: VisibilityFilter; label: string }> = [
  { id: 'public', label: 'Public' },
  { id: 'private', label: 'Private' },
]

const toggle = <T extends string>(list: readonly T[], value: T): T[] =>
  list.some((v) => v.toLowerCase() === value.toLowerCase()) ? list.filter((v) => v.toLowerCase() !== value.toLowerCase()) : [...list, value]

const chosen = (list: readonly string[], value: string) => list.some((v) => v.toLowerCase() === value.toLowerCase())

export function ProductFilters({
  id,
  hidden,
  filters,
  options,
  isOwner,
  onChange,
}: {
  id: string
  hidden: boolean
  filters: WardrobeFilters
  options: FilterOptions
  isOwner: boolean
  onChange: (update: (current: WardrobeFilters) => WardrobeFilters) => void
}) {
  return (
    <div id={id} hidden={hidden} className={styles.filterPanel} data-testid="product-filters">
      {groups
        .filter((group) => options[group.key].length > 0)
        .map((group) => (
          <div key={group.key} className={styles.filterRow} role="group" aria-label={group.label}>
            <span className={styles.filterLabel} aria-hidden="true">
              {group.label}
            </span>
            <div className={styles.chips}>
              {options[group.key].map((value) => (
                <button
                  key={value}
                  type="button"
                  className={styles.chip}
                  aria-pressed={chosen(filters[group.key], value)}
                  onClick={() => onChange((f) => ({ ...f, [group.key]: toggle(f[group.key], value) }))}
                >
                  {tagLabel(value)}
                </button>
              ))}
            </div>
          </div>
        ))}
      <div className={styles.filterRow} role="group" aria-label="Show only">
        <span className={styles.filterLabel} aria-hidden="true">
          Show
        </span>
        <div className={styles.chips}>
          {isOwner &&
            visibilities.map((v) => (
              <button
                key={v.id}
                type="button"
                className={styles.chip}
                aria-pressed={filters.visibility.includes(v.id)}
                onClick={() => onChange((f) => ({ ...f, visibility: toggle(f.visibility, v.id) }))}
              >
                {v.label}
              </button>
            ))}
          <button
            type="button"
            className={styles.chip}
            aria-pressed={filters.ootdOnly}
            onClick={() => onChange((f) => ({ ...f, ootdOnly: !f.ootdOnly }))}
          >
            OOTD items
          </button>
        </div>
      </div>
    </div>
  )
}
