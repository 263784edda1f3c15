// The list beside the outfit photo: each detected item's number, category, confidence, description
// and color. A row lights up with its box (hover or focus on either), and a click keeps it lit.
import type { OutfitAnalysisItem } from '@/data/model/rows'
import { tagLabel } from '@/lib/wardrobe/tagOptions'
import { ConfidenceBadge } from './ConfidenceBadge'
import styles from './OutfitAnalysisDialog.module.css'

export function DetectedItems({
  items,
  highlighted,
  pinned,
  onHighlight,
  onPin,
}: {
  items: readonly OutfitAnalysisItem[]
  highlighted: string | null
  pinned: string | null
  onHighlight: (id: string | null) => void
  onPin: (id: string) => void
}) {
  if (items.length === 0) return <p className={styles.muted}>No separate items were detected in this photo.</p>
  return (
    <ol className={styles.items} aria-label="Detected items">
      {items.map((item, index) => (
        <li key={item.id}>
          <button
            type="button"
            className={styles.itemRow}
            data-highlighted={highlighted === item.id || undefined}
            data-testid="detected-item"
            aria-pressed={pinned === item.id}
            onMouseEnter={() => onHighlight(item.id)}
            onMouseLeave={() => onHighlight(null)}
            onFocus={() => onHighlight(item.id)}
            onBlur={() => onHighlight(null)}
            onClick={() => onPin(item.id)}
          >
            <span className={styles.itemNumber} aria-hidden="true">
              {index + 1}
            </span>
            <span className={styles.itemText}>
              <span className={styles.itemHead}>
                <strong className={styles.itemCategory}>{tagLabel(item.category)}</strong>
                <ConfidenceBadge score={item.confidence} />
              </span>
              {item.description && <span className={styles.itemDescription}>{item.description}</span>}
              {item.color && (
                <span className={styles.itemMeta}>
                  Color: <span>{item.color}</span>
                </span>
              )}
            </span>
          </button>
        </li>
      ))}
    </ol>
  )
}
