// A small loading indicator with an accessible label.
import styles from './Spinner.module.css'

export function Spinner({ label = 'Loading', size = 28 }: { label?: string; size?: number }) {
  return (
    <span className={styles.wrap} role="status">
      <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  )
}

/** A spinner centred in the available space, for whole-screen waits. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner label={label} size={40} />
    </div>
  )
}
