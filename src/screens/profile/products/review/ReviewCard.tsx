// One item in the To review inbox: its picture, name and every tag with the AI's confidence (as chips, a
// word once: `tagChips`), and a checkbox that selects it (the card itself answers clicks and long
// presses: usePressToSelect). The expand button opens the item in the one-by-one review.
import { memo } from 'react'
import { BUCKETS } from '@/lib/wardrobe/storage'
import { tagChips } from '@/lib/wardrobe/tagChips'
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import { Icon } from '@/components/Icon'
import { StoredImage } from '@/components/StoredImage'
import { itemTitle } from '@/screens/profile/products/productCardModel'
import { TagChip } from '@/screens/profile/products/TagChip'
import { usePressToSelect } from './usePressToSelect'
import styles from './ReviewInbox.module.css'

export interface ReviewCardProps {
  entry: WardrobeEntry
  selected: boolean
  selecting: boolean
  onSelect: (itemId: string, extend: boolean) => void
  onOpen: (itemId: string) => void
}

export const ReviewCard = memo(function ReviewCard({ entry, selected, selecting, onSelect, onOpen }: ReviewCardProps) {
  const { item, tags } = entry
  const title = itemTitle(item.name)
  const press = usePressToSelect({
    selecting,
    onSelect: (extend) => onSelect(item.id, extend),
    onOpen: () => onOpen(item.id),
  })
  const cutOut = item.imagePath.startsWith(`${BUCKETS.stickers}/`)
  return (
    <article
      className={styles.card}
      data-selected={selected || undefined}
      data-testid="review-card"
      data-item-id={item.id}
      {...press}
    >
      <label className={styles.check} onClick={(event) => event.stopPropagation()}>
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(item.id, (event.nativeEvent as MouseEvent).shiftKey === true)}
        />
        <span className="visually-hidden">Select {title}</span>
      </label>
      <button
        type="button"
        className={styles.expand}
        aria-label={`Review ${title} one by one`}
        title="Review one by one"
        onClick={(event) => {
          event.stopPropagation()
          onOpen(item.id)
        }}
      >
        <Icon name="scan" size={16} />
      </button>
      <div className={styles.media}>
        <StoredImage imagePath={item.imagePath} alt="" ratio={1} fit={cutOut ? 'contain' : 'cover'} />
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>{title}</h3>
        <ul className={styles.tags} aria-label="Tags">
          {tagChips(tags).map((chip) => (
            <li key={chip.key}>
              <TagChip chip={chip} />
            </li>
          ))}
        </ul>
      </div>
    </article>
  )
})
