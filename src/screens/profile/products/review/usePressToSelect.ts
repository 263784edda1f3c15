// How a card in the inbox answers a press: with a mouse a click selects (shift extends); on a touch
// screen a tap opens the item until something is selected, a long press starts selecting, and once
// selecting, taps select. A long press never also counts as the tap that follows it.
import { useRef, type MouseEvent, type PointerEvent } from 'react'

const LONG_PRESS_MS = 450
const MOVE_TOLERANCE = 10

export interface PressHandlers {
  onPointerDown: (event: PointerEvent) => void
  onPointerMove: (event: PointerEvent) => void
  onPointerUp: () => void
  onPointerCancel: () => void
  onClick: (event: MouseEvent) => void
  onContextMenu: (event: MouseEvent) => void
}

export function usePressToSelect({
  selecting,
  onSelect,
  onOpen,
}: {
  /** Something is selected already: a tap selects too. */
  selecting: boolean
  onSelect: (extend: boolean) => void
  onOpen: () => void
}): PressHandlers {
  const timer = useRef<number | null>(null)
  const start = useRef<{ x: number; y: number; touch: boolean } | null>(null)
  const longPressed = useRef(false)
  const cancel = () => {
    if (timer.current !== null) window.clearTimeout(timer.current)
    timer.current = null
  }
  return {
    onPointerDown: (event) => {
      longPressed.current = false
      const touch = event.pointerType !== 'mouse'
      start.current = { x: event.clientX, y: event.clientY, touch }
      if (!touch) return
      cancel()
      timer.current = window.setTimeout(() => {
        timer.current = null
        longPressed.current = true
        navigator.vibrate?.(15)
        onSelect(false)
      }, LONG_PRESS_MS)
    },
    onPointerMove: (event) => {
      const from = start.current
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_TOLERANCE) cancel()
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onClick: (event) => {
      if (longPressed.current) {
        longPressed.current = false
        return
      }
      const touch = start.current?.touch ?? false
      if (touch && !selecting) onOpen()
      else onSelect(event.shiftKey)
    },
    // The long press is ours: no context menu or text selection callout over a card.
    onContextMenu: (event) => {
      if (start.current?.touch) event.preventDefault()
    },
  }
}
