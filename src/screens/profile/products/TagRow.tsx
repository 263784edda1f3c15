// One tag in the review modal: its value, for an AI tag the 'AI' mark and confidence (or Verified once
// confirmed), and the owner's Verify, Edit and Remove; while edited, the value field with Done/Cancel.
import { useEffect, useRef } from 'react'
import { TAG_TYPE_LABELS, tagLabel } from '@/lib/wardrobe/tagOptions'
import { Icon } from '@/components/Icon'
import { ConfidenceBadge } from './ConfidenceBadge'
import type { EditableTag } from './tagDrafts'
import { TagValueInput } from './TagValueInput'
import styles from './ProductReviewDialog.module.css'

export interface TagRowEditing {
  value: string
  onChange: (value: string) => void
  onDone: () => void
  onCancel: () => void
}

export function TagRow({
  tag,
  editing,
  exclude,
  onVerify,
  onEdit,
  onRemove,
}: {
  tag: EditableTag
  /** Set while this tag is being edited. */
  editing: TagRowEditing | null
  exclude: readonly string[]
  /** Absent in the read-only view. */
  onVerify?: () => void
  onEdit?: () => void
  onRemove?: () => void
}) {
  const typeLabel = TAG_TYPE_LABELS[tag.type]
  const name = `${typeLabel} ${tag.value}`
  const editButton = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(false)
  const isEditing = editing !== null
  // Done or Cancel puts focus back on the tag's Edit button, not on the page behind.
  useEffect(() => {
    if (isEditing) wasEditing.current = true
    else if (wasEditing.current) {
      wasEditing.current = false
      editButton.current?.focus()
    }
  }, [isEditing])

  if (editing) {
    return (
      <li className={[styles.tagRow, styles.tagRowEditing].join(' ')} data-testid="tag-row">
        <TagValueInput
          type={tag.type}
          value={editing.value}
          label={`Edit ${typeLabel.toLowerCase()} ${tag.value}`}
          placeholder={`Choose ${typeLabel.toLowerCase()}`}
          exclude={exclude}
          autoFocus
          onChange={editing.onChange}
          onEnter={editing.onDone}
          onEscape={editing.onCancel}
        />
        <div className={styles.rowButtons}>
          <button type="button" className={styles.rowButton} aria-label={`Done editing ${name}`} title="Done" onClick={editing.onDone}>
            <Icon name="check" size={18} />
          </button>
          <button type="button" className={styles.rowButton} aria-label={`Cancel editing ${name}`} title="Cancel" onClick={editing.onCancel}>
            <Icon name="close" size={18} />
          </button>
        </div>
      </li>
    )
  }

  return (
    <li className={styles.tagRow} data-testid="tag-row" data-tag-type={tag.type}>
      <span className={styles.tagMain}>
        <span className={styles.tagValue}>{tagLabel(tag.value)}</span>
        {tag.ai && !tag.verified && <ConfidenceBadge score={tag.confidence} withAiMark />}
        {tag.ai && tag.verified && (
          <span className={styles.verifiedMark}>
            <Icon name="check" size={14} />
            Verified
          </span>
        )}
      </span>
      {(onVerify || onEdit || onRemove) && (
        <div className={styles.rowButtons}>
          {onVerify && tag.ai && !tag.verified && (
            <button type="button" className={styles.rowButton} aria-label={`Verify ${name}`} title="Verify" onClick={onVerify}>
              <Icon name="check" size={18} />
            </button>
          )}
          {onEdit && (
            <button
              ref={editButton}
              type="button"
              className={styles.rowButton}
              aria-label={`Edit ${name}`}
              title="Edit"
              onClick={onEdit}
            >
              <Icon name="edit" size={18} />
            </button>
          )}
          {onRemove && (
            <button
              type="button"
              className={[styles.rowButton, styles.removeButton].join(' ')}
              aria-label={`Remove ${name}`}
              title="Remove"
              onClick={onRemove}
            >
              <Icon name="trash" size={18} />
            </button>
          )}
        </div>
      )}
    </li>
  )
}
