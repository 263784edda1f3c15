// The inbox one item at a time, for those who prefer it (issue 25): the picture large, its tags with
// the AI's confidence (a word once, beside the kinds it stands for: `tagChips`), and keys to go through
// fast: V or Enter verifies and moves on, S or → skips, ← goes back, E edits the tags. On a phone a
// swipe left skips and a swipe right goes back. The order is fixed when it opens, so items that leave
// the inbox as they are verified do not shift the rest.
import { useEffect, useRef, useState } from 'react'
import { useDrag } from '@use-gesture/react'
import { useReplica } from '@/data/ReplicaContext'
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import { bulkEditWardrobe } from '@/data/wardrobe/wardrobeBulk'
import { MutationError } from '@/data/replica'
import { fillMessage, messages } from '@/lib/messages'
import { BUCKETS } from '@/lib/wardrobe/storage'
import { chipKinds, tagChips } from '@/lib/wardrobe/tagChips'
import { Button } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { StoredImage } from '@/components/StoredImage'
import { useToast } from '@/components/Toasts'
import { itemTitle } from '@/screens/profile/products/productCardModel'
import { TagChip } from '@/screens/profile/products/TagChip'
import styles from './ReviewInbox.module.css'

type Outcome = 'verified' | 'skipped'

const SWIPE_DISTANCE = 60

export function ReviewStepper({
  order,
  entries,
  onEdit,
  onClose,
}: {
  /** The items to go through, in order; null when closed. */
  order: readonly string[] | null
  /** The whole wardrobe, live: an item stays shown after it leaves the inbox. */
  entries: readonly WardrobeEntry[]
  onEdit: (itemId: string) => void
  onClose: () => void
}) {
  const replica = useReplica()
  const toast = useToast()
  const [index, setIndex] = useState(0)
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map())
  const [busy, setBusy] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    setIndex(0)
    setOutcomes(new Map())
  }, [order])

  const ids = (order ?? []).filter((id) => entries.some((e) => e.item.id === id))
  const done = order !== null && index >= ids.length
  const id = ids[Math.min(index, ids.length - 1)]
  const entry = entries.find((e) => e.item.id === id) ?? null

  const mark = (itemId: string, outcome: Outcome) => setOutcomes((map) => new Map(map).set(itemId, outcome))
  const next = () => setIndex((i) => Math.min(i + 1, ids.length))
  const back = () => setIndex((i) => Math.max(i - 1, 0))
  const skip = () => {
    if (!entry || done) return
    if (!outcomes.has(entry.item.id)) mark(entry.item.id, 'skipped')
    next()
  }
  const verify = async () => {
    if (!entry || done || busy) return
    setBusy(true)
    try {
      await bulkEditWardrobe(replica, [entry.item.id], { kind: 'verify' })
      mark(entry.item.id, 'verified')
      next()
    } catch (error) {
      toast.error(error instanceof MutationError ? error.message : messages.updateItemFailed)
    } finally {
      setBusy(false)
    }
  }

  const swipe = useDrag(
    ({ last, movement: [dx], axis }) => {
      if (!last || axis !== 'x' || Math.abs(dx) < SWIPE_DISTANCE) return
      if (dx < 0) skip()
      else back()
    },
    { axis: 'x', filterTaps: true, pointer: { touch: true } },
  )

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement
    // Keys pressed anywhere in this dialog (its close button too), not in one opened over it.
    if (!root.current || target.closest('dialog') !== root.current.closest('dialog')) return
    if (target.closest('input, textarea, select') || event.altKey || event.ctrlKey || event.metaKey) return
    const key = event.key.toLowerCase()
    const act =
      key === 'v' || (key === 'enter' && target.tagName !== 'BUTTON')
        ? () => void verify()
        : key === 's' || key === 'arrowright'
          ? skip
          : key === 'arrowleft'
            ? back
            : key === 'e' && entry
              ? () => onEdit(entry.item.id)
              : null
    if (!act) return
    event.preventDefault()
    act()
  }

  const keys = useRef(onKeyDown)
  keys.current = onKeyDown
  useEffect(() => {
    if (order === null) return
    const listener = (event: KeyboardEvent) => keys.current(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [order])

  const counts = { verified: 0, skipped: 0 }
  for (const outcome of outcomes.values()) counts[outcome] += 1
  const position = `${Math.min(index + 1, ids.length)} of ${ids.length}`

  return (
    <Dialog open={order !== null} title={messages.reviewOneByOne} onClose={onClose} wide className={styles.stepperDialog}>
      {/* Keys work anywhere in the dialog; the buttons say which. */}
      <div ref={root} className={styles.stepper} data-testid="review-stepper">
        {done || !entry ? (
          <div className={styles.stepperDone} role="status">
            <Icon name="check" size={28} />
            <p className={styles.doneTitle}>{messages.reviewAllDone}</p>
            <p>{fillMessage(messages.reviewOutcome, { verified: String(counts.verified), skipped: String(counts.skipped) })}</p>
            <div className={styles.stepperButtons}>
              {ids.length > 0 && <Button onClick={() => setIndex(0)}>Start over</Button>}
              <Button variant="primary" onClick={onClose} autoFocus>
                Back to the inbox
              </Button>
            </div>
          </div>
        ) : (
          <>
            <div className={styles.stepperPicture} {...swipe()}>
              <StoredImage
                imagePath={entry.item.imagePath}
                alt={itemTitle(entry.item.name)}
                fill
                fit={entry.item.imagePath.startsWith(`${BUCKETS.stickers}/`) ? 'contain' : 'cover'}
                eager
              />
            </div>
            <div className={styles.stepperInfo}>
              <p className={styles.position} aria-live="polite">
                {position}
                {outcomes.get(entry.item.id) === 'verified' && <span className={styles.verifiedNote}> · verified</span>}
              </p>
              <h3 className={styles.stepperName}>{itemTitle(entry.item.name)}</h3>
              <ul className={styles.stepperTags} aria-label="Tags">
                {tagChips(entry.tags).map((chip) => (
                  <li key={chip.key}>
                    <span className={styles.tagType}>{chipKinds(chip)}</span>
                    <TagChip chip={chip} kindsShown />
                  </li>
                ))}
              </ul>
              <div className={styles.stepperButtons}>
                <Button variant="primary" onClick={() => void verify()} disabled={busy} aria-keyshortcuts="V" autoFocus>
                  <Icon name="check" size={18} />
                  Verify <kbd className={styles.kbd}>V</kbd>
                </Button>
                <Button onClick={skip} aria-keyshortcuts="S ArrowRight">
                  Skip <kbd className={styles.kbd}>S</kbd>
                </Button>
                <Button onClick={() => onEdit(entry.item.id)} aria-keyshortcuts="E">
                  <Icon name="edit" size={18} />
                  Edit tags <kbd className={styles.kbd}>E</kbd>
                </Button>
              </div>
              <div className={styles.stepperNav}>
                <Button variant="ghost" onClick={back} disabled={index === 0} aria-keyshortcuts="ArrowLeft">
                  <Icon name="back" size={18} />
                  Previous
                </Button>
                <Button variant="ghost" onClick={skip} aria-keyshortcuts="ArrowRight">
                  Next
                  <Icon name="next" size={18} />
                </Button>
              </div>
            </div>
          </>
        )}
      </div>
    </Dialog>
  )
}
