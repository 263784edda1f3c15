// What can be done to the selected items at once; it appears while something is selected, at the
// bottom of the screen within thumb reach, and says how many are selected.
import { fillMessage, messages } from '@/lib/messages'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { useToastClearance } from '@/components/useToastClearance'
import styles from './ReviewInbox.module.css'

interface BulkActionBarProps {
  count: number
  busy: boolean
  onVerify: () => void
  onTag: () => void
  onVisibility: (isPublic: boolean) => void
  onDelete: () => void
  onClear: () => void
}

export function BulkActionBar(props: BulkActionBarProps) {
  return props.count === 0 ? null : <Bar {...props} />
}

/** The bar itself: a toast (an Undo after a delete) rises above it rather than covering it. */
function Bar({ count, busy, onVerify, onTag, onVisibility, onDelete, onClear }: BulkActionBarProps) {
  const bar = useToastClearance('itself')
  return (
    <div ref={bar} className={styles.actionBar} role="toolbar" aria-label="Edit the selected items" data-testid="bulk-actions">
      <p className={styles.selectedCount} aria-live="polite">
        {fillMessage(messages.bulkSelected, { count: String(count) })}
      </p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onVerify} disabled={busy}>
          <Icon name="check" size={18} />
          Verify tags
        </Button>
        <Button onClick={onTag} disabled={busy}>
          <Icon name="edit" size={18} />
          Tag…
        </Button>
        <Button onClick={() => onVisibility(true)} disabled={busy}>
          <Icon name="eye" size={18} />
          Make public
        </Button>
        <Button onClick={() => onVisibility(false)} disabled={busy}>
          <Icon name="eyeOff" size={18} />
          Make private
        </Button>
        <Button variant="danger" onClick={onDelete} disabled={busy}>
          <Icon name="trash" size={18} />
          Delete
        </Button>
        <Button variant="ghost" iconOnly aria-label="Clear selection" title="Clear selection" onClick={onClear}>
          <Icon name="close" size={18} />
        </Button>
      </div>
    </div>
  )
}
