// Marks an element with `data-in-view` while any of it is on screen, for CSS that should only run where
// a person can see it (a placeholder's shimmer). One observer serves every element; the attribute is set
// on the DOM directly, so scrolling and panning re-render nothing.
let observer: IntersectionObserver | null = null

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) (entry.target as HTMLElement).toggleAttribute('data-in-view', entry.isIntersecting)
  })
  return observer
}

/** A React ref callback: watches the element until React removes it. */
export function watchInView(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined
  // Without IntersectionObserver (old browsers, tests without layout) the element counts as in view.
  if (typeof IntersectionObserver === 'undefined') {
    element.setAttribute('data-in-view', '')
    return undefined
  }
  const watching = sharedObserver()
  watching.observe(element)
  return () => watching.unobserve(element)
}
