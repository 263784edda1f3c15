// The Products area while the wardrobe loads: card-shaped placeholders in the chosen layout, so the
// page keeps its shape when the real cards arrive.
import type { ProductLayout } from './productCardModel'
import styles from './ProductsSection.module.css'

export function ProductsSkeleton({ layout, count = 6 }: { layout: ProductLayout; count?: number }) {
  return (
    <div className={styles.skeletonWrap} data-testid="products-loading">
      <span role="status" className="visually-hidden">
        Loading products
      </span>
      <ul className={layout === 'grid' ? styles.grid : styles.listView} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <div className={[styles.skeletonCard, layout === 'list' ? styles.skeletonRow : ''].join(' ')}>
              <span className={styles.skeletonImage} />
              <span className={styles.skeletonLines}>
                <span />
                <span />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
