// Names the steps of opening the app on the page's performance timeline (`moori:<step>`), once each,
// so a performance trace or the bench can split a cold open into its parts without guessing.
const marked = new Set<string>()

export function markBoot(step: string): void {
  if (marked.has(step) || typeof performance === 'undefined' || !performance.mark) return
  marked.add(step)
  performance.mark(`moori:${step}`)
}
