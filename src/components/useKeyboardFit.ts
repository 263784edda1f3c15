// With the on-screen keyboard open a phone shows only part of the page: the visual viewport shrinks
// (iOS never resizes the layout for it). While a dialog is open this keeps it above the keyboard, by
// two CSS variables on the dialog (--keyboard-inset: how much of the layout viewport's bottom is
// hidden; --visible-height: what is left), and keeps the field being typed in scrolled into view.
import { useEffect, type RefObject } from 'react'

const FIELD = 'input, textarea, select, [contenteditable="true"]'

export function useKeyboardFit(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const el = ref.current
    const viewport = window.visualViewport
    if (!active || !el || !viewport) return
    let frame = 0
    const update = () => {
      const hidden = Math.max(0, window.innerHeight - (viewport.offsetTop + viewport.height))
      el.style.setProperty('--keyboard-inset', `${Math.round(hidden)}px`)
      el.style.setProperty('--visible-height', `${Math.round(viewport.height)}px`)
      const focused = document.activeElement
      if (focused instanceof HTMLElement && el.contains(focused) && focused.matches(FIELD)) {
        focused.scrollIntoView({ block: 'nearest' })
      }
    }
    const schedule = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(update)
    }
    update()
    viewport.addEventListener('resize', schedule)
    viewport.addEventListener('scroll', schedule)
    el.addEventListener('focusin', schedule)
    return () => {
      cancelAnimationFrame(frame)
      viewport.removeEventListener('resize', schedule)
      viewport.removeEventListener('scroll', schedule)
      el.removeEventListener('focusin', schedule)
      el.style.removeProperty('--keyboard-inset')
      el.style.removeProperty('--visible-height')
    }
  }, [ref, active])
}
