// Shows a long list a page at a time: the next page renders when a sentinel below the list comes near
// the viewport, so opening the page does not build hundreds of cards at once (which phones feel).
import { useCallback, useEffect, useRef, useState } from 'react'

export function useIncrementalList(total: number, pageSize: number) {
  const [shown, setShown] = useState(pageSize)
  const observer = useRef<IntersectionObserver | null>(null)
  const more = useCallback(() => setShown((n) => Math.min(total, n + pageSize)), [total, pageSize])

  const sentinel = useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect()
      if (!element) return
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) more()
        },
        { rootMargin: '800px 0px' },
      )
      observer.current.observe(element)
    },
    [more],
  )
  useEffect(() => () => observer.current?.disconnect(), [])

  return { shown: Math.min(shown, total), hasMore: shown < total, more, sentinel }
}
