// Names the steps of opening the app on the page's performance timeline (`moori:<step>`), once each,
// so a performance trace or the bench can split a cold open into its parts without guessing. The
// first screen also says when it is shown with its data, so background work can wait for that.
const marked = new Set<string>()

export function markBoot(step: string): void {
  if (marked.has(step) || typeof performance === 'undefined' || !performance.mark) return
  marked.add(step)
  performance.mark(`moori:${step}`)
}

/** Screens that never call `screenShown` (or never get their data) release the waiters after this. */
const SCREEN_SHOWN_FALLBACK_MS = 3000

let shown: () => void = () => undefined
const shownPromise = new Promise<void>((resolve) => {
  shown = resolve
  if (typeof window !== 'undefined') setTimeout(resolve, SCREEN_SHOWN_FALLBACK_MS)
})

/** The first screen has rendered with its data (called from a layout effect). */
export function screenShown(): void {
  markBoot('screen-shown')
  shown()
}

/** Resolves once the first screen is shown (or the fallback time passed). */
export function whenScreenShown(): Promise<void> {
  return shownPromise
}
