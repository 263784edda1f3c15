// The item cards in grid or list view, a page at a time (a wardrobe of 500 items does not build 500
// cards at once; the next page renders as the end of the list comes near).
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import { Button } from '@/components/Button'
import { useIncrementalList } from '@/components/useIncrementalList'
import { ProductCard, type ProductCardActions } from './ProductCard'
import type { ProductLayout } from './productCardModel'
import styles from './ProductsSection.module.css'

const PRODUCTS_PAGE = 36

export function ProductGrid({
  entries,
  layout,
  isOwner,
  actions,
  label,
  stale,
}: {
  entries: readonly WardrobeEntry[]
  layout: ProductLayout
  isOwner: boolean
  actions: ProductCardActions
  label: string
  stale: boolean
}) {
  const page = useIncrementalList(entries.length, PRODUCTS_PAGE)
  return (
    <>
      <ul
        className={layout === 'grid' ? styles.grid : styles.listView}
        aria-label={label}
        aria-busy={stale || undefined}
      >
        {entries.slice(0, page.shown).map((entry) => (
          <li key={entry.item.id}>
            <ProductCard entry={entry} layout={layout} isOwner={isOwner} actions={actions} />
          </li>
        ))}
      </ul>
      {page.hasMore && (
        <div ref={page.sentinel} className={styles.more}>
          <Button onClick={page.more}>Show more products</Button>
        </div>
      )}
    </>
  )
}
