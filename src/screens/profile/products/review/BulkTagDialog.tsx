// "Tag N items": pick a tag type and a value (the spec's list, the user's own values, or a new one
// typed in) and whether it replaces the items' other tags of that type. Applying is one bulk edit.
import { useEffect, useId, useState, type FormEvent } from 'react'
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import { TAG_VALUE_MAX } from '@/data/wardrobe/wardrobeTags'
import { fillMessage, itemCount, messages } from '@/lib/messages'
import { TAG_TYPE_LABELS, tagLabel, type TagTypeName } from '@/lib/wardrobe/tagOptions'
import { Button } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { BULK_TAG_TYPES, offeredValues, replacesByDefault } from './tagChoices'
import styles from './ReviewInbox.module.css'

export interface BulkTag {
  tagType: TagTypeName
  value: string
  replace: boolean
}

export function BulkTagDialog({
  open,
  count,
  entries,
  busy,
  onApply,
  onClose,
}: {
  open: boolean
  /** How many items are selected. */
  count: number
  /** The whole wardrobe, for the user's own values. */
  entries: readonly WardrobeEntry[]
  busy: boolean
  onApply: (tag: BulkTag) => void
  onClose: () => void
}) {
  const [type, setType] = useState<TagTypeName>('category')
  const [value, setValue] = useState('')
  const [replace, setReplace] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const customId = useId()
  useEffect(() => {
    if (!open) return
    setValue('')
    setError(null)
  }, [open])

  const chooseType = (next: TagTypeName) => {
    setType(next)
    setValue('')
    setReplace(replacesByDefault(next))
    setError(null)
  }
  const { listed, own } = offeredValues(type, entries)
  const isOffered = [...listed, ...own].some((v) => v === value)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!value.trim()) {
      setError(messages.tagValueRequired)
      return
    }
    onApply({ tagType: type, value: value.trim(), replace })
  }
  const typeLabel = TAG_TYPE_LABELS[type].toLowerCase()
  const title = fillMessage(messages.bulkTagTitle, { items: itemCount(count) })

  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={`${customId}-form`} disabled={busy}>
            {busy ? 'Saving...' : title}
          </Button>
        </>
      }
    >
      <form id={`${customId}-form`} className={styles.tagForm} onSubmit={submit} noValidate>
        <fieldset className={styles.fieldset}>
          <legend>Tag type</legend>
          <div className={styles.choiceRow}>
            {BULK_TAG_TYPES.map((each) => (
              <button key={each} type="button" className={styles.choice} aria-pressed={each === type} onClick={() => chooseType(each)}>
                {TAG_TYPE_LABELS[each]}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>{TAG_TYPE_LABELS[type]}</legend>
          <div className={styles.choiceRow} data-testid="bulk-tag-values">
            {[...listed, ...own].map((option) => (
              <button
                key={option}
                type="button"
                className={styles.choice}
                aria-pressed={option === value}
                onClick={() => {
                  setValue(option)
                  setError(null)
                }}
              >
                {tagLabel(option)}
              </button>
            ))}
          </div>
          <label className={styles.customLabel} htmlFor={customId}>
            Or your own {typeLabel}
          </label>
          <input
            id={customId}
            className={styles.customInput}
            value={isOffered ? '' : value}
            maxLength={TAG_VALUE_MAX}
            placeholder={`A ${typeLabel} of your own`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${customId}-error` : undefined}
            onChange={(event) => {
              setValue(event.target.value)
              setError(null)
            }}
          />
          {error && (
            <p id={`${customId}-error`} className={styles.error} role="alert">
              {error}
            </p>
          )}
        </fieldset>
        <label className={styles.replace}>
          <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} />
          Replace their other {typeLabel} tags
        </label>
      </form>
    </Dialog>
  )
}
