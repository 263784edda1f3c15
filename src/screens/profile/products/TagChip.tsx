// One word of an item's tags as a small pill (`tagChips`: a word shown once, issue 40): the word, and
// while an AI guess behind it is unconfirmed its confidence (percentage and colour); once every AI tag
// behind it is confirmed, a check. The tooltip says which kinds it stands for ('Style and occasion:
// Casual'), and so does a screen reader when there are several.
import { chipKindsNote, chipTitle, type TagChipModel } from '@/lib/wardrobe/tagChips'
import { Icon } from '@/components/Icon'
import { ConfidenceBadge } from './ConfidenceBadge'
import styles from './Tags.module.css'

export function TagChip({
  chip,
  kindsShown = false,
}: {
  chip: TagChipModel
  /** The kinds are written beside the chip already, so a screen reader need not hear them twice. */
  kindsShown?: boolean
}) {
  const note = kindsShown ? null : chipKindsNote(chip)
  return (
    <span className={styles.chip} data-type={chip.types.join(' ')} title={chipTitle(chip)}>
      <span className={styles.chipValue}>{chip.label}</span>
      {note && <span className="visually-hidden">{note}</span>}
      {chip.confidence !== null && <ConfidenceBadge score={chip.confidence} />}
      {chip.verified && (
        <span className={styles.verified} title="Verified">
          <Icon name="check" size={12} />
          <span className="visually-hidden">verified</span>
        </span>
      )}
    </span>
  )
}
