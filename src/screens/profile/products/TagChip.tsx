// One tag as a small pill on an item card: its value, and for an AI tag not yet confirmed its
// confidence (percentage and colour); a confirmed AI tag carries a check instead.
import type { ClothingTagRow } from '@/data/model/rows'
import { tagLabel, TAG_TYPE_LABELS } from '@/lib/wardrobe/tagOptions'
import { Icon } from '@/components/Icon'
import { ConfidenceBadge } from './ConfidenceBadge'
import styles from './Tags.module.css'

export function TagChip({ tag }: { tag: ClothingTagRow }) {
  return (
    <span className={styles.chip} data-type={tag.tagType} title={`${TAG_TYPE_LABELS[tag.tagType]}: ${tagLabel(tag.tagValue)}`}>
      <span className={styles.chipValue}>{tagLabel(tag.tagValue)}</span>
      {tag.isAiGenerated && !tag.isVerified && <ConfidenceBadge score={tag.confidenceScore} />}
      {tag.isAiGenerated && tag.isVerified && (
        <span className={styles.verified} title="Verified">
          <Icon name="check" size={12} />
          <span className="visually-hidden">verified</span>
        </span>
      )}
    </span>
  )
}
