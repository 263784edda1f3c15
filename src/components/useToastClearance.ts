// Keeps toasts off a screen's bottom controls while they are shown: measures the controls (`element`'s
// children, or `element` itself) whenever they or the window change size, and tells the toast region
// through two custom properties on the document (the region lives outside the screen).
import { useLayoutEffect } from 'react'
import { toastPlacement } from './toastPlacement'

const MAX_WIDTH = '--toast-max-width'
const LIFT = '--toast-lift'

export function useToastClearance(element: HTMLElement | null, parts: 'children' | 'itself' = 'children'): void {
  useLayoutEffect(() => {
    if (!element) return
    const root = document.documentElement.style
    const place = () => {
      const controls = parts === 'itself' ? [element] : [...element.children]
      const boxes = controls.map((child) => child.getBoundingClientRect()).filter((box) => box.width > 0)
      const { maxWidth, lift } = toastPlacement(window.innerWidth, window.innerHeight, boxes)
      if (maxWidth === null) root.removeProperty(MAX_WIDTH)
      else root.setProperty(MAX_WIDTH, `${maxWidth}px`)
      root.setProperty(LIFT, `${lift}px`)
    }
    place()
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
  }, [element, parts])
}
