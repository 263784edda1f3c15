// "Every photo on screen is painted", measured inside the page without disturbing it: the check runs
// when an image finishes loading or the DOM changes (at most once a frame), not on every frame, since
// each check measures every image's box and would force a layout the page itself never asked for.
import type { Page } from 'playwright'

/** Page-side source: resolves with performance.now() two frames after all visible `selector` images loaded. */
const PAINTED_WHEN = `(selector, atLeast) => new Promise((resolve) => {
  let scheduled = false
  let done = false
  const ready = () => {
    const onScreen = [...document.querySelectorAll(selector)].filter((img) => {
      const r = img.getBoundingClientRect()
      return r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight
    })
    return onScreen.length >= atLeast && onScreen.every((img) => img.complete && img.naturalWidth > 0)
  }
  const check = () => {
    scheduled = false
    if (done || !ready()) return
    done = true
    observer.disconnect()
    document.removeEventListener('load', schedule, true)
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))
  }
  const schedule = () => {
    if (scheduled || done) return
    scheduled = true
    requestAnimationFrame(check)
  }
  const observer = new MutationObserver(schedule)
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['src', 'style', 'class'] })
  document.addEventListener('load', schedule, true)
  schedule()
})`

/** Navigation-relative ms at which every on-screen image matching `selector` is painted. */
export async function paintedAt(page: Page, selector: string, atLeast = 4): Promise<number> {
  const handle = await page.waitForFunction(`(${PAINTED_WHEN})(${JSON.stringify(selector)}, ${atLeast})`, undefined, { timeout: 60_000 })
  return (await handle.jsonValue()) as number
}
