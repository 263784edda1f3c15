// Tabs with the ARIA tab pattern: arrow keys move between tabs, the panel is labelled by its tab.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import styles from './Tabs.module.css'

export interface TabItem {
  id: string
  label: string
  /** A count beside the label (items waiting); shown when above zero. */
  badge?: number
}

export function Tabs({
  tabs,
  selected,
  onSelect,
  label,
  children,
}: {
  tabs: TabItem[]
  selected: string
  onSelect: (id: string) => void
  label: string
  children: ReactNode
}) {
  const base = useId()
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : (index + step + tabs.length) % tabs.length
    if (step === 0 && event.key !== 'Home' && event.key !== 'End') return
    event.preventDefault()
    onSelect(tabs[target]!.id)
    refs.current[target]?.focus()
  }
  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.list}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el
            }}
            role="tab"
            type="button"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {tab.label}
            {tab.badge ? (
              <span className={styles.badge} data-testid="tab-badge">
                {tab.badge}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} className={styles.panel}>
        {children}
      </div>
    </div>
  )
}
