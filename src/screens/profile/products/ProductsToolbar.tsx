// Above the item cards: the search box (name, description, tag values), the Filters button that opens
// the chips (with how many are on, and Clear), and the grid/list toggle.
import { useId, useState } from 'react'
import { activeFilterCount, noFilters, type WardrobeFilters } from '@/lib/wardrobe/wardrobeFilters'
import { Icon } from '@/components/Icon'
import { TextField } from '@/components/TextField'
import type { ProductLayout } from './productCardModel'
import { ProductFilters } from './ProductFilters'
import type { ProductSearch } from './useProductSearch'
import styles from './ProductsSection.module.css'

export function ProductsToolbar({
  search,
  isOwner,
  layout,
  onLayout,
}: {
  search: ProductSearch
  isOwner: boolean
  layout: ProductLayout
  onLayout: (layout: ProductLayout) => void
}) {
  const panelId = useId()
  const [open, setOpen] = useState(false)
  const { filters, setFilters } = search
  const active = activeFilterCount(filters)

  return (
    <div className={styles.toolbarWrap}>
      <div className={styles.toolbar}>
        <TextField
          label="Search products"
          hideLabel
          type="search"
          placeholder="Search name, description or tags"
          value={filters.search}
          onChange={(e) => {
            const value = e.target.value
            setFilters((f) => ({ ...f, search: value }))
          }}
          className={styles.search}
        />
        <div className={styles.toolbarButtons}>
          <button
            type="button"
            className={styles.filtersButton}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            <Icon name="filter" size={18} />
            Filters
            {active > 0 && (
              <span className={styles.filterCount} data-testid="active-filter-count">
                <span className="visually-hidden">, </span>
                {active}
                <span className="visually-hidden"> on</span>
              </span>
            )}
          </button>
          {active > 0 && (
            <button type="button" className={styles.clearButton} onClick={() => setFilters(clearKeepSearch)}>
              Clear
            </button>
          )}
          <div className={styles.viewToggle} role="group" aria-label="Product layout">
            <button
              type="button"
              className={styles.viewButton}
              aria-pressed={layout === 'grid'}
              aria-label="Grid view"
              title="Grid view"
              onClick={() => onLayout('grid')}
            >
              <Icon name="grid" size={18} />
            </button>
            <button
              type="button"
              className={styles.viewButton}
              aria-pressed={layout === 'list'}
              aria-label="List view"
              title="List view"
              onClick={() => onLayout('list')}
            >
              <Icon name="list" size={18} />
            </button>
          </div>
        </div>
      </div>
      <ProductFilters
        id={panelId}
        hidden={!open}
        filters={filters}
        options={search.options}
        isOwner={isOwner}
        onChange={setFilters}
      />
    </div>
  )
}

/** Every filter off, the search kept (Clear is about the chips). */
function clearKeepSearch(current: WardrobeFilters): WardrobeFilters {
  return { ...noFilters, search: current.search }
}
