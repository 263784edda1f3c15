// One wardrobe item in the import dialog (spec §2, §9): its picture, name, whose it is (for others'
// items) and 2 tags (a word once: `tagChips`). The whole card is its toggle button (pressed =
// selected), with a spinner while its sticker is made, a check once it is on the wall, and a note while
// the sticker still shows the photo.
import { useId } from 'react'
import type { ImportableEntry } from '@/data/wardrobe/useImportableWardrobe'
import { Icon } from '@/components/Icon'
import { StoredImage } from '@/components/StoredImage'
import { chipKindsNote, chipTitle } from '@/lib/wardrobe/tagChips'
import { cardTags, type ImportSelection } from './importSelection'
import styles from './ImportItemCard.module.css'

const CUT_OUT_WHEN_ONLINE = 'Will be cut out when online'
const ORIGINAL_FOR_NOW = 'Original image for now'

export function ImportItemCard({
  entry,
  selection,
  note,
  online,
  onToggle,
}: {
  entry: ImportableEntry
  selection: ImportSelection | undefined
  /** Why picking it did not work on this device (its photo never reached it), or null. */
  note: string | null
  online: boolean
  onToggle: (itemId: string) => void
}) {
  const id = useId()
  const { item, owner } = entry
  const tags = cardTags(entry.tags)
  const ownerName = entry.own ? null : owner ? owner.displayName || owner.username : 'another member'
  const state = selection?.status ?? 'idle'
  const waitingForCutout = selection?.status === 'ready' && selection.usedOriginal
  return (
    <li className={styles.card} data-testid="import-item" data-state={state}>
      <div className={styles.picture}>
        {/* Offline a Retry cannot help, and in the middle of the card it took the tap meant to pick it. */}
        <StoredImage imagePath={item.imagePath} alt="" ratio={1} fit="contain" retry={online} />
        {state === 'processing' && (
          <span className={styles.overlay}>
            <span className={styles.spinner} aria-hidden="true" />
          </span>
        )}
        {state === 'ready' && (
          <span className={styles.check} aria-hidden="true">
            <Icon name="check" size={18} strokeWidth={2.6} />
          </span>
        )}
      </div>
      <button
        type="button"
        className={styles.select}
        aria-pressed={state !== 'idle'}
        aria-busy={state === 'processing'}
        aria-describedby={tags.length > 0 || waitingForCutout || note ? `${id}-more` : undefined}
        onClick={() => onToggle(item.id)}
      >
        <span className={styles.name}>{item.name}</span>
        {ownerName && <span className={styles.owner}> by {ownerName}</span>}
        {state === 'processing' && <span className="visually-hidden"> (adding to the Moori)</span>}
      </button>
      <div id={`${id}-more`} className={styles.more}>
        {tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {tags.map((chip) => {
              const note = chipKindsNote(chip)
              return (
                <li key={chip.key} className={styles.tag} title={chipTitle(chip)}>
                  {chip.label}
                  {note && <span className="visually-hidden">{note}</span>}
                </li>
              )
            })}
          </ul>
        )}
        {note && state === 'idle' && (
          <p className={styles.note} data-testid="offline-note">
            <Icon name="cloudOff" size={14} />
            {note}
          </p>
        )}
        {waitingForCutout && (
          <p className={styles.note} data-testid="cutout-note">
            <Icon name={online ? 'image' : 'cloudOff'} size={14} />
            {online ? ORIGINAL_FOR_NOW : CUT_OUT_WHEN_ONLINE}
          </p>
        )}
      </div>
    </li>
  )
}
