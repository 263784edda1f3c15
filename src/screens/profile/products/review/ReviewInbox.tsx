// The To review inbox (issue 25): new items from outfit photos with their AI tags, waiting for the user
// to confirm them. Select many (checkboxes, click and shift-click, a long press on a phone, select all)
// and edit them at once from the action bar, or go through them one by one. Verified items leave.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useReplica } from '@/data/ReplicaContext'
import { MutationError } from '@/data/replica'
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import { bulkEditWardrobe, type BulkAction } from '@/data/wardrobe/wardrobeBulk'
import { fillMessage, itemCount, messages } from '@/lib/messages'
import { tagLabel } from '@/lib/wardrobe/tagOptions'
import { Button } from '@/components/Button'
import { StateMessage } from '@/components/StateMessage'
import { useIncrementalList } from '@/components/useIncrementalList'
import { useToast } from '@/components/Toasts'
import { BulkActionBar } from './BulkActionBar'
import { BulkTagDialog, type BulkTag } from './BulkTagDialog'
import { ReviewCard } from './ReviewCard'
import { clickItem, emptySelection, keepListed, toggleAll, type Selection } from './reviewModel'
import { ReviewStepper } from './ReviewStepper'
import styles from './ReviewInbox.module.css'

const INBOX_PAGE = 36

export function ReviewInbox({
  queue,
  entries,
  onDelete,
  onEdit,
}: {
  /** The items waiting for review, in order. */
  queue: readonly WardrobeEntry[]
  /** The whole wardrobe (the user's own values, items as they leave the inbox). */
  entries: readonly WardrobeEntry[]
  onDelete: (itemIds: readonly string[]) => void
  onEdit: (itemId: string) => void
}) {
  const replica = useReplica()
  const toast = useToast()
  const order = useMemo(() => queue.map((e) => e.item.id), [queue])
  const [selection, setSelection] = useState<Selection>(emptySelection)
  const [tagging, setTagging] = useState(false)
  const [busy, setBusy] = useState(false)
  const [stepping, setStepping] = useState<readonly string[] | null>(null)
  const page = useIncrementalList(queue.length, INBOX_PAGE)
  const selectAllRef = useRef<HTMLInputElement>(null)

  useEffect(() => setSelection((current) => keepListed(current, order)), [order])
  const selected = order.filter((id) => selection.ids.has(id))
  const allSelected = order.length > 0 && selected.length === order.length
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = selected.length > 0 && !allSelected
  }, [selected.length, allSelected])

  const onSelect = useCallback((id: string, extend: boolean) => setSelection((s) => clickItem(s, order, id, extend)), [order])
  const openAt = useCallback(
    (id: string) => {
      const from = order.indexOf(id)
      setStepping(from >= 0 ? [...order.slice(from), ...order.slice(0, from)] : order)
    },
    [order],
  )

  const apply = async (action: BulkAction, done: (count: number) => string) => {
    setBusy(true)
    try {
      const count = await bulkEditWardrobe(replica, selected, action)
      toast.success(done(count))
      return true
    } catch (error) {
      toast.error(error instanceof MutationError ? error.message : messages.updateItemFailed)
      return false
    } finally {
      setBusy(false)
    }
  }
  const applyTag = async (tag: BulkTag) => {
    const ok = await apply({ kind: 'tag', ...tag }, (n) => fillMessage(messages.bulkTagged, { items: itemCount(n), value: tagLabel(tag.value) }))
    if (ok) setTagging(false)
  }

  if (queue.length === 0) {
    return (
      <StateMessage title={messages.reviewEmptyTitle} headingLevel={3}>
        {messages.reviewEmptyText}
      </StateMessage>
    )
  }

  return (
    <div className={styles.inbox} data-testid="review-inbox">
      <div className={styles.inboxHead}>
        <label className={styles.selectAll}>
          <input ref={selectAllRef} type="checkbox" checked={allSelected} onChange={() => setSelection((s) => toggleAll(s, order))} />
          {fillMessage(messages.reviewSelectAll, { count: String(queue.length) })}
        </label>
        <p className={styles.hint}>{messages.reviewHint}</p>
        <Button onClick={() => setStepping(selected.length > 0 ? selected : order)}>
          {messages.reviewOneByOne}
          {selected.length > 0 ? ` (${selected.length})` : ''}
        </Button>
      </div>
      <ul className={styles.grid} aria-label="Items to review">
        {queue.slice(0, page.shown).map((entry) => (
          <li key={entry.item.id}>
            <ReviewCard
              entry={entry}
              selected={selection.ids.has(entry.item.id)}
              selecting={selected.length > 0}
              onSelect={onSelect}
              onOpen={openAt}
            />
          </li>
        ))}
      </ul>
      {page.hasMore && (
        <div ref={page.sentinel} className={styles.more}>
          <Button onClick={page.more}>Show more items</Button>
        </div>
      )}
      <BulkActionBar
        count={selected.length}
        busy={busy}
        onVerify={() => void apply({ kind: 'verify' }, (n) => fillMessage(messages.bulkVerified, { items: itemCount(n) }))}
        onTag={() => setTagging(true)}
        onVisibility={(isPublic) =>
          void apply({ kind: 'visibility', isPublic }, (n) => fillMessage(isPublic ? messages.bulkMadePublic : messages.bulkMadePrivate, { items: itemCount(n) }))
        }
        onDelete={() => {
          onDelete(selected)
          setSelection(emptySelection)
        }}
        onClear={() => setSelection(emptySelection)}
      />
      <BulkTagDialog
        open={tagging}
        count={selected.length}
        entries={entries}
        busy={busy}
        onApply={(tag) => void applyTag(tag)}
        onClose={() => setTagging(false)}
      />
      <ReviewStepper order={stepping} entries={entries} onEdit={onEdit} onClose={() => setStepping(null)} />
    </div>
  )
}
