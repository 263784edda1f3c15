// Keeps toasts off a screen's bottom controls while they are shown: measures the controls (the
// element's children, or the element itself) whenever they or the window change size, and tells the
// toast region through two custom properties on the document (the region lives outside the screen).
// A ref callback, not state: holding the element in state re-rendered the whole screen once it mounted.
import { useCallback } from 'react'
import { toastPlacement } from './toastPlacement'

const MAX_WIDTH = '--toast-max-width'
const LIFT = '--toast-lift'

/** The ref to put on the controls' element. */
export function useToastClearance(parts: 'children' | 'itself' = 'children'): (element: HTMLElement | null) => (() => void) | undefined {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return undefined
      const root = document.documentElement.style
      const place = () => {
        const controls = parts === 'itself' ? [element] : [...element.children]
        const boxes = controls.map((child) => child.getBoundingClientRect()).filter((box) => box.width > 0)
        const { maxWidth, lift } = toastPlacement(window.innerWidth, window.innerHeight, boxes)
        if (maxWidth === null) root.removeProperty(MAX_WIDTH)
        else root.setProperty(MAX_WIDTH, `${maxWidth}px`)
        root.setProperty(LIFT, `${lift}px`)
      }
      // The observer's first report comes after the first layout, before paint: measuring here would
      // force that layout early, in the middle of mounting the screen.
      const observer = new ResizeObserver(place)
      observer.observe(element)
      for (const child of element.children) observer.observe(child)
      window.addEventListener('resize', place)
      return () => {
        observer.disconnect()
        window.removeEventListener('resize', place)
        root.removeProperty(MAX_WIDTH)
        root.removeProperty(LIFT)
      }
    },
    [parts],
  )
}
