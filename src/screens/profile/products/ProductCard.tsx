// One wardrobe item in the Products area (spec §2, §9): its photo, name and tags as chips, a word once
// (3 in grid view, 5 in list view, then '+N more'), where its outfit job stands, and for the owner the eye button ('Make
// public' / 'Make private'), a Private badge and delete. The whole card opens the review modal.
import { BUCKETS } from '@/lib/wardrobe/storage'
import { memo } from 'react'
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import { Icon } from '@/components/Icon'
import { useConnectivity } from '@/data/connectivity'
import { StoredImage } from '@/components/StoredImage'
import { OutfitJobStatus } from './OutfitJobStatus'
import { cardChips, isCompleteOutfit, itemTitle, moreTagsText, outfitJobState, type ProductLayout } from './productCardModel'
import { TagChip } from './TagChip'
import styles from './ProductCard.module.css'
import tagStyles from './Tags.module.css'

const isCutOut = (imagePath: string) => imagePath.startsWith(`${BUCKETS.stickers}/`)

export interface ProductCardActions {
  onOpen: (itemId: string) => void
  onAnalysis: (itemId: string) => void
  onToggleVisibility: (itemId: string, isPublic: boolean) => void
  onDelete: (itemId: string) => void
}

export const ProductCard = memo(function ProductCard({
  entry,
  layout,
  isOwner,
  actions,
}: {
  entry: WardrobeEntry
  layout: ProductLayout
  isOwner: boolean
  actions: ProductCardActions
}) {
  const { item, tags } = entry
  const title = itemTitle(item.name)
  const { shown, more } = cardChips(tags, layout)
  const { online } = useConnectivity()
  const job = outfitJobState(entry, online)
  const outfit = isCompleteOutfit(tags) || item.analysis !== null
  const visibilityLabel = item.isPublic ? 'Make private' : 'Make public'

  return (
    <article
      className={[styles.card, layout === 'list' ? styles.list : ''].join(' ')}
      data-testid="product-card"
      data-item-id={item.id}
    >
      <div className={styles.media}>
        {/* A cut-out is shown whole on paper; a photo fills the square. */}
        <StoredImage
          imagePath={item.imagePath}
          alt=""
          ratio={1}
          fit={isCutOut(item.imagePath) ? 'contain' : 'cover'}
          className={isCutOut(item.imagePath) ? styles.cutOut : undefined}
          // Read with the wardrobe's rows: no upload-state query per card.
          pendingUpload={entry.uploadPending}
        />
        {isOwner && !item.isPublic && layout === 'grid' && <PrivateBadge />}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <button type="button" className={styles.open} onClick={() => actions.onOpen(item.id)} data-testid="product-name">
            {title}
          </button>
          {isOwner && !item.isPublic && layout === 'list' && <PrivateBadge inTitle />}
        </h3>
        {layout === 'list' && item.description && <p className={styles.description}>{item.description}</p>}
        {tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {shown.map((chip) => (
              <li key={chip.key}>
                <TagChip chip={chip} />
              </li>
            ))}
            {more > 0 && (
              <li className={tagStyles.more} data-testid="more-tags">
                {moreTagsText(more)}
              </li>
            )}
          </ul>
        )}
        {job && <OutfitJobStatus state={job} itemId={item.id} canRetry={isOwner} compact />}
        {outfit && (
          <button type="button" className={styles.analysisButton} onClick={() => actions.onAnalysis(item.id)}>
            <Icon name="scan" size={16} />
            Outfit analysis
          </button>
        )}
      </div>
      {isOwner && (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={visibilityLabel}
            title={visibilityLabel}
            onClick={() => actions.onToggleVisibility(item.id, !item.isPublic)}
          >
            <Icon name={item.isPublic ? 'eye' : 'eyeOff'} size={18} />
          </button>
          <button
            type="button"
            className={[styles.iconButton, styles.delete].join(' ')}
            aria-label={`Delete ${title}`}
            title="Delete item"
            onClick={() => actions.onDelete(item.id)}
          >
            <Icon name="trash" size={18} />
          </button>
        </div>
      )}
    </article>
  )
})

function PrivateBadge({ inTitle = false }: { inTitle?: boolean }) {
  return (
    <span className={[styles.privateBadge, inTitle ? styles.titleBadge : ''].join(' ')} data-testid="private-badge">
      <Icon name="lock" size={12} />
      Private
    </span>
  )
}
