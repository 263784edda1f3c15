// Discover's filter chips (spec §2): they toggle and clear, and deliberately filter nothing.
import styles from './FilterChips.module.css'

const DISCOVER_FILTERS = [
  'Vintage',
  'Modern',
  'Timeless',
  'Age: 18-24',
  'Age: 25-35',
  'Sustainable',
  'Handmade',
] as const

export function FilterChips({
  active,
  onChange,
}: {
  active: readonly string[]
  onChange: (active: string[]) => void
}) {
  const toggle = (filter: string) =>
    onChange(active.includes(filter) ? active.filter((f) => f !== filter) : [...active, filter])
  return (
    <div className={styles.row} role="group" aria-label="Filters">
      {DISCOVER_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className={styles.chip}
          aria-pressed={active.includes(filter)}
          onClick={() => toggle(filter)}
        >
          {filter}
        </button>
      ))}
      {active.length > 0 && (
        <button type="button" className={styles.clear} onClick={() => onChange([])}>
          Clear
        </button>
      )}
    </div>
  )
}
