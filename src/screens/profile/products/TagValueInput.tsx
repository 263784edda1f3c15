// The value field of a tag in the review modal (spec §3 option lists): a select of the fixed options
// for category, season and occasion; a text field with a quick-pick list for colour, style, material
// and brand, which also takes free text. Enter confirms, Escape cancels (without closing the dialog).
import { useId, type KeyboardEvent } from 'react'
import { TAG_VALUE_MAX } from '@/data/wardrobe/wardrobeTags'
import type { TagType } from '@/data/model/rows'
import { TAG_CHOICES, tagLabel, tagWord } from '@/lib/wardrobe/tagOptions'
import { useOfferedValues } from './ownTagValues'
import styles from './ProductReviewDialog.module.css'

export function TagValueInput({
  type,
  value,
  label,
  placeholder,
  exclude = [],
  autoFocus,
  onChange,
  onEnter,
  onEscape,
  fieldRef,
}: {
  type: TagType
  value: string
  label: string
  placeholder: string
  /** Values the item already has (left out of the options). */
  exclude?: readonly string[]
  autoFocus?: boolean
  onChange: (value: string) => void
  onEnter: () => void
  onEscape?: () => void
  /** The field itself, for moving focus to it. */
  fieldRef?: (element: HTMLElement | null) => void
}) {
  const listId = useId()
  const { freeText } = TAG_CHOICES[type]
  const options = useOfferedValues(type)
  // Words the item has of this type are not offered again (compared as read: 'Grey' takes 'Gray').
  const taken = new Set(exclude.map(tagWord))
  const offered = options.filter((o) => !taken.has(tagWord(o)) || tagWord(o) === tagWord(value))

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      onEnter()
    } else if (event.key === 'Escape' && onEscape) {
      event.preventDefault()
      event.stopPropagation()
      onEscape()
    }
  }

  if (!freeText) {
    // A saved value outside the list (an engine's own word) stays selectable.
    const all = value && !offered.some((o) => o === value) ? [value, ...offered] : offered
    return (
      <select
        ref={fieldRef}
        className={styles.valueInput}
        aria-label={label}
        value={value}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      >
        <option value="">{placeholder}</option>
        {all.map((option) => (
          <option key={option} value={option}>
            {tagLabel(option)}
          </option>
        ))}
      </select>
    )
  }

  return (
    <>
      <input
        ref={fieldRef}
        className={styles.valueInput}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        maxLength={TAG_VALUE_MAX}
        list={listId}
        autoComplete="off"
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <datalist id={listId}>
        {offered.map((option) => (
          <option key={option} value={option} label={tagLabel(option) === option ? undefined : tagLabel(option)} />
        ))}
      </datalist>
    </>
  )
}
