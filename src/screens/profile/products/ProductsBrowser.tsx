// The wardrobe under the Products heading: toolbar, the cards or the state that stands in for them
// (loading, error with Try Again, an empty wardrobe, nothing matching), and the dialogs a card opens
// (review and edit, outfit analysis, the delete confirmation).
import { useCallback, useMemo, useState } from 'react'
import type { WardrobeEntry, WardrobeView } from '@/data/wardrobe/useWardrobe'
import { deleteWardrobeItem, setItemVisibility } from '@/data/wardrobe/wardrobeItems'
import { useReplica } from '@/data/ReplicaContext'
import { activeFilterCount } from '@/lib/wardrobe/wardrobeFilters'
import { Button } from '@/components/Button'
import { ConfirmDialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { StateMessage } from '@/components/StateMessage'
import { useToast } from '@/components/Toasts'
import { OutfitAnalysisDialog } from './OutfitAnalysisDialog'
import type { ProductCardActions } from './ProductCard'
import type { ProductLayout } from './productCardModel'
import { ProductGrid } from './ProductGrid'
import { ProductReviewDialog } from './ProductReviewDialog'
import { ProductsSkeleton } from './ProductsSkeleton'
import { ProductsToolbar } from './ProductsToolbar'
import { ReviewInbox } from './review/ReviewInbox'
import { reviewQueue } from './review/reviewModel'
import { Tabs } from '@/components/Tabs'
import { OwnWardrobeContext } from './ownTagValues'
import { useProductSearch } from './useProductSearch'
import styles from './ProductsSection.module.css'
import { messages } from '@/lib/messages'

const DELETE_ITEM_QUESTION = 'Are you sure you want to delete this item?'
const DELETE_FAILED = messages.deleteItemFailed
const UPDATE_FAILED = messages.updateItemFailed
const LOAD_FAILED = 'Failed to load wardrobe items'

const NO_ENTRIES: WardrobeEntry[] = []

function noMatchText(term: string, activeFilters: number): string {
  if (!term) return 'No products match these filters.'
  return `No products match “${term}”${activeFilters > 0 ? ' with these filters' : ''}.`
}

export function ProductsBrowser({
  wardrobe,
  isOwner,
  ownerName,
  onUploadProduct,
  onDeleteMany,
}: {
  wardrobe: WardrobeView | undefined
  isOwner: boolean
  ownerName: string
  onUploadProduct: () => void
  /** Deletes many items with Undo (the inbox's bulk delete). */
  onDeleteMany: (itemIds: readonly string[]) => void
}) {
  const replica = useReplica()
  const toast = useToast()
  const entries = wardrobe?.entries ?? NO_ENTRIES
  const search = useProductSearch(entries)
  const [layout, setLayout] = useState<ProductLayout>('grid')
  const [reviewId, setReviewId] = useState<string | null>(null)
  const [analysisId, setAnalysisId] = useState<string | null>(null)
  const [deleteId, setDeleteId] = useState<string | null>(null)
  const [deleting, setDeleting] = useState(false)
  const [view, setView] = useState<'all' | 'review'>('all')
  const queue = useMemo(() => (isOwner ? reviewQueue(entries, replica.userId) : []), [entries, isOwner, replica.userId])

  const toggleVisibility = useCallback(
    (itemId: string, isPublic: boolean) => {
      setItemVisibility(replica, itemId, isPublic).catch(() => toast.error(UPDATE_FAILED))
    },
    [replica, toast],
  )
  const actions = useMemo<ProductCardActions>(
    () => ({ onOpen: setReviewId, onAnalysis: setAnalysisId, onDelete: setDeleteId, onToggleVisibility: toggleVisibility }),
    [toggleVisibility],
  )

  const confirmDelete = async () => {
    if (!deleteId) return
    setDeleting(true)
    try {
      await deleteWardrobeItem(replica, deleteId)
      setDeleteId(null)
    } catch {
      toast.error(DELETE_FAILED)
    } finally {
      setDeleting(false)
    }
  }

  const byId = (id: string | null) => (id ? (entries.find((e) => e.item.id === id) ?? null) : null)
  const reviewed = byId(reviewId)
  const analysed = byId(analysisId)

  let body
  if (!wardrobe || (wardrobe.status === 'loading' && entries.length === 0)) {
    body = <ProductsSkeleton layout={layout} />
  } else if (wardrobe.status === 'error' && entries.length === 0) {
    body = (
      <StateMessage
        title={LOAD_FAILED}
        headingLevel={3}
        tone="error"
        action={
          <Button variant="primary" onClick={() => replica.sync.resume?.()}>
            {messages.tryAgain}
          </Button>
        }
      >
        {wardrobe.error ?? 'Check your connection and try again.'}
      </StateMessage>
    )
  } else if (entries.length === 0) {
    body = isOwner ? (
      <StateMessage
        title="No products yet"
        headingLevel={3}
        action={
          <Button variant="accent" onClick={onUploadProduct}>
            <Icon name="upload" size={18} />
            Upload Product
          </Button>
        }
      >
        Upload an outfit photo and Moori turns it into tagged wardrobe items.
      </StateMessage>
    ) : (
      <StateMessage title="No public products yet" headingLevel={3}>
        {ownerName} has not shared any products yet.
      </StateMessage>
    )
  } else if (search.shown.length === 0 && !search.stale) {
    const term = search.filters.search.trim()
    body = (
      <StateMessage
        title="No products match"
        headingLevel={3}
        action={<Button onClick={search.clear}>Clear filters</Button>}
      >
        {noMatchText(term, activeFilterCount(search.filters))}
      </StateMessage>
    )
  } else {
    body = (
      <ProductGrid
        entries={search.shown}
        layout={layout}
        isOwner={isOwner}
        actions={actions}
        label={`${ownerName}'s products`}
        stale={search.stale}
      />
    )
  }

  const filtering = search.shown.length !== entries.length
  const browse = (
    <>
      {entries.length > 0 && <ProductsToolbar search={search} isOwner={isOwner} layout={layout} onLayout={setLayout} />}
      <p className={styles.resultCount} role="status" data-testid="products-result-count">
        {filtering && !search.stale ? `Showing ${search.shown.length} of ${entries.length} products` : ''}
      </p>
      {body}
    </>
  )
  return (
    <OwnWardrobeContext.Provider value={isOwner ? entries : NO_ENTRIES}>
      {isOwner && entries.length > 0 ? (
        <Tabs
          label="Products"
          tabs={[
            { id: 'all', label: 'All products' },
            { id: 'review', label: messages.reviewTab, badge: queue.length },
          ]}
          selected={view}
          onSelect={(id) => setView(id === 'review' ? 'review' : 'all')}
        >
          {view === 'review' ? <ReviewInbox queue={queue} entries={entries} onDelete={onDeleteMany} onEdit={setReviewId} /> : browse}
        </Tabs>
      ) : (
        browse
      )}
      <ProductReviewDialog
        entry={reviewed}
        isOwner={isOwner}
        onClose={() => setReviewId(null)}
        onOpenAnalysis={(id) => {
          setReviewId(null)
          setAnalysisId(id)
        }}
      />
      <OutfitAnalysisDialog entry={analysed} isOwner={isOwner} onClose={() => setAnalysisId(null)} />
      <ConfirmDialog
        open={deleteId !== null && byId(deleteId) !== null}
        title="Delete item?"
        message={DELETE_ITEM_QUESTION}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleteId(null)}
      />
    </OwnWardrobeContext.Provider>
  )
}
