// A menu button: opens a list of actions, arrow keys move, Escape or a click outside closes and focus
// returns to the button (ARIA menu button pattern).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import styles from './Menu.module.css'

export interface MenuAction {
  label: string
  onSelect: () => void
  danger?: boolean
}

export function Menu({ label, trigger, actions }: { label: string; trigger: ReactNode; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([])
  const wrapRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    itemRefs.current[0]?.focus()
    const onPointer = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }

  return (
    <div className={styles.wrap} ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {trigger}
      </button>
      {open && (
        <div id={id} role="menu" aria-label={label} className={styles.menu}>
          {actions.map((action, index) => (
            <button
              key={action.label}
              ref={(el) => {
                itemRefs.current[index] = el
              }}
              role="menuitem"
              type="button"
              className={[styles.item, action.danger ? styles.danger : ''].join(' ')}
              onClick={() => {
                setOpen(false)
                action.onSelect()
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') close()
                else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  event.preventDefault()
                  const step = event.key === 'ArrowDown' ? 1 : -1
                  itemRefs.current[(index + step + actions.length) % actions.length]?.focus()
                } else if (event.key === 'Tab') setOpen(false)
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
