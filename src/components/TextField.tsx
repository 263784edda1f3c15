// A labelled text input or textarea with an optional character counter and error message, wired up
// for screen readers (aria-invalid, aria-describedby).
import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import styles from './TextField.module.css'

interface FieldProps {
  label: string
  error?: string | null
  hint?: string
  /** Shows "n/max" under the field; the limit itself is checked by the caller. */
  maxLength?: number
  hideLabel?: boolean
}

type InputProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'maxLength'> & { multiline?: false }
type AreaProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'maxLength'> & { multiline: true }

export function TextField(props: InputProps | AreaProps) {
  const id = useId()
  const { label, error, hint, maxLength, hideLabel, multiline, className, ...rest } = props
  const value = typeof rest.value === 'string' ? rest.value : ''
  const over = maxLength !== undefined && value.length > maxLength
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', maxLength ? `${id}-count` : '']
    .filter(Boolean)
    .join(' ')
  const common = {
    id,
    className: [styles.input, error ? styles.invalid : ''].join(' '),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  }
  return (
    <div className={[styles.field, className ?? ''].join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      {multiline ? (
        <textarea rows={3} {...common} {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
      ) : (
        <input {...common} {...(rest as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      <div className={styles.meta}>
        {error ? (
          <span id={`${id}-error`} className={styles.error} role="alert">
            {error}
          </span>
        ) : hint ? (
          <span id={`${id}-hint`} className={styles.hint}>
            {hint}
          </span>
        ) : (
          <span />
        )}
        {maxLength !== undefined && (
          <span id={`${id}-count`} className={[styles.count, over ? styles.countOver : ''].join(' ')}>
            {value.length}/{maxLength}
          </span>
        )}
      </div>
    </div>
  )
}
