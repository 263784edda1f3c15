// Inline editing for the wall's owner (spec §2): click the text to edit; Enter or leaving the field
// saves, only when the value changed; Escape puts the old value back. A rule the change breaks (too
// long, empty name) is shown under the field and the field stays open.
import { useEffect, useId, useRef, useState } from 'react'
import styles from './EditableText.module.css'

export function EditableText({
  value,
  label,
  placeholder,
  onSave,
  as: Tag = 'p',
  className,
}: {
  value: string
  /** What the field edits, for screen readers ('Moori name'). */
  label: string
  placeholder?: string
  /** Throws with a message to show when the change is refused. */
  onSave: (next: string) => Promise<void>
  as?: 'h1' | 'p'
  className?: string
}) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(value)
  const [error, setError] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const errorId = useId()
  const saving = useRef(false)

  useEffect(() => {
    if (editing) inputRef.current?.select()
  }, [editing])

  const start = () => {
    setDraft(value)
    setError(null)
    setEditing(true)
  }

  const commit = async () => {
    if (saving.current) return
    if (draft.trim() === value.trim()) {
      setEditing(false)
      setError(null)
      return
    }
    saving.current = true
    try {
      await onSave(draft)
      setEditing(false)
      setError(null)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught))
    } finally {
      saving.current = false
    }
  }

  if (!editing) {
    return (
      <div className={styles.view}>
        <Tag className={[styles.text, className ?? ''].join(' ')} onClick={start}>
          {value || <span className={styles.placeholder}>{placeholder}</span>}
        </Tag>
        <button
          type="button"
          className={styles.edit}
          onClick={start}
          aria-label={`Edit ${label.toLowerCase()}`}
        >
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" />
          </svg>
        </button>
      </div>
    )
  }

  return (
    <div className={[styles.editor, className ?? ''].join(' ')}>
      <input
        ref={inputRef}
        className={[styles.input, Tag === 'h1' ? styles.inputTitle : ''].join(' ')}
        value={draft}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={placeholder}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            void commit()
          } else if (event.key === 'Escape') {
            event.preventDefault()
            setDraft(value)
            setError(null)
            setEditing(false)
          }
        }}
      />
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
