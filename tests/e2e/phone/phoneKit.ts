// Shared by the phone tests (issue 17): phone-sized touch contexts, the reachability check (every
// visible control's centre is on screen and not covered by anything else, scrolling where a person
// could), the touch-target size check, axe's target-size rule, and touch gestures sent through CDP.
import { mkdirSync } from 'node:fs'
import axe from 'axe-core'
import { expect, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test'

export const SHOTS = 'test-results/phone'
mkdirSync(SHOTS, { recursive: true })

export interface Size {
  width: number
  height: number
}

/** iPhone SE (1st) and iPhone 13 mini, portrait: the narrowest phone and the common one. Wider phones
 * (390 and 430 px) found nothing these two did not, and cost CI a minute. */
export const PORTRAIT: Size[] = [
  { width: 320, height: 568 },
  { width: 375, height: 812 },
]
export const landscape = (size: Size): Size => ({ width: size.height, height: size.width })

/** A phone: touch on, mobile viewport (the page can be pinch-zoomed, as on a real phone). */
export async function phoneContext(
  browser: Browser,
  viewport: Size,
  deviceScaleFactor = 1,
): Promise<BrowserContext> {
  return browser.newContext({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor })
}

export interface ControlProblem {
  control: string
  problem: string
}

/**
 * Every visible control in the topmost layer (the open modal dialog or menu, else the page): its
 * centre must be on screen and hit it (not another element), at once or after scrolling it into view
 * the way a person could (an `overflow: hidden` box cannot be scrolled by hand, so it clips for good);
 * and it must be at least 44 × 44 px, except links inside a sentence. Cards on a canvas may overlap
 * each other by design, so they are not checked against each other (but a control over one is).
 */
export async function controlProblems(page: Page): Promise<ControlProblem[]> {
  return page.evaluate(() => {
    const CONTROLS =
      'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="switch"], [tabindex]:not([tabindex="-1"])'
    const modal = [...document.querySelectorAll('dialog')].filter((d) => d.open && d.matches(':modal')).at(-1)
    const menu = document.querySelector('[role="menu"]')
    const scope: ParentNode = modal ?? menu ?? document
    const problems: Array<{ control: string; problem: string }> = []

    const describe = (el: Element | null): string => {
      if (!el) return 'nothing'
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40)
      const test = el.getAttribute('data-testid')
      return `<${el.tagName.toLowerCase()}${test ? ` data-testid=${test}` : ''}> "${name}"`
    }
    const shown = (el: Element): boolean => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.display === 'none' || Number(style.opacity) === 0) return false
        if (node === el && style.visibility !== 'visible') return false
      }
      return true
    }
    /** Where the element's centre is, and whether the user can see it there (viewport and hard clips). */
    const centreOf = (el: Element) => {
      // A link that wraps onto two lines: aim at its first line, as a finger would.
      const lines = el.getClientRects()
      const rect =
        getComputedStyle(el).display === 'inline' && lines.length > 1 ? lines[0]! : el.getBoundingClientRect()
      const x = rect.left + rect.width / 2
      const y = rect.top + rect.height / 2
      let visible =
        x >= 0 &&
        y >= 0 &&
        x <= document.documentElement.clientWidth &&
        y <= document.documentElement.clientHeight
      let scrollable = false
      for (let node = el.parentElement; node && visible; node = node.parentElement) {
        const style = getComputedStyle(node)
        const overflow = `${style.overflowX} ${style.overflowY}`
        if (!/auto|scroll|hidden|clip/.test(overflow)) continue
        const box = node.getBoundingClientRect()
        const inside = x >= box.left && x <= box.right && y >= box.top && y <= box.bottom
        if (!inside && /auto|scroll/.test(overflow)) scrollable = true
        if (!inside) visible = false
      }
      return { x, y, visible, scrollable, rect }
    }
    const hits = (el: Element, x: number, y: number): Element | null => {
      const hit = document.elementFromPoint(x, y)
      if (!hit) return null
      if (el === hit || el.contains(hit)) return el
      const label = hit.closest('label')
      if (label && (label.contains(el) || (el.id && label.htmlFor === el.id))) return el
      return hit
    }
    /** The stretched-link pattern: a positioned ::after makes the whole card the target. */
    const stretched = (el: Element): boolean =>
      ['::after', '::before'].some((pseudo) => {
        const style = getComputedStyle(el, pseudo)
        return style.content !== 'none' && style.position === 'absolute'
      })
    const inSentence = (el: Element): boolean => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false
      const parent = el.parentElement
      return Boolean(
        parent &&
        [...parent.childNodes].some(
          (n) => n !== el && n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
        ),
      )
    }

    for (const el of scope.querySelectorAll(CONTROLS)) {
      // Cards overlap on a canvas by design; the skip link waits off screen until it is focused.
      if (el.matches('[data-canvas-item], .skip-link')) continue
      const box = el.getBoundingClientRect()
      if (box.width < 2 || box.height < 2 || !shown(el)) continue
      if ((el as HTMLElement).closest('[inert]')) continue
      // Not a touch target at all (a card's keyboard-only buttons on a touch screen).
      if (getComputedStyle(el).pointerEvents === 'none') continue
      let centre = centreOf(el)
      let hit = centre.visible ? hits(el, centre.x, centre.y) : null
      if (hit !== el) {
        // What a person would do: scroll it into view, if anything can scroll.
        el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' })
        centre = centreOf(el)
        hit = centre.visible ? hits(el, centre.x, centre.y) : null
      }
      if (!centre.visible)
        problems.push({ control: describe(el), problem: 'its centre is off screen or clipped' })
      else if (hit !== el) problems.push({ control: describe(el), problem: `covered by ${describe(hit)}` })
      const small = centre.rect.width < 43.5 || centre.rect.height < 43.5
      const boxedByLabel =
        el.matches('input[type="checkbox"], input[type="radio"]') &&
        (el.closest('label')?.getBoundingClientRect().height ?? 0) >= 43.5
      if (small && !inSentence(el) && !boxedByLabel && !stretched(el)) {
        problems.push({
          control: describe(el),
          problem: `only ${Math.round(centre.rect.width)}×${Math.round(centre.rect.height)} px`,
        })
      }
    }
    // Against the layout width: a phone shows a page that spills by zooming out, and innerWidth grows.
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) {
      problems.push({
        control: 'the page',
        problem: `scrolls sideways (${document.documentElement.scrollWidth} px wide)`,
      })
    }
    return problems
  })
}

/** `soft`: record the failure and go on, so one run lists every screen's problems. */
export async function expectReachable(page: Page, label: string, soft = false): Promise<void> {
  const problems = await controlProblems(page)
  ;(soft ? expect.soft : expect)(problems, `${label}: ${JSON.stringify(problems, null, 2)}`).toEqual([])
}

/** axe-core's target-size rule (WCAG 2.5.8) on the page as it is. */
export async function expectTargetSizeClean(page: Page, label: string, soft = false): Promise<void> {
  // At rest at the top: the reachability check may have scrolled a link half under the sticky header,
  // which axe would count against the link.
  await page.evaluate(() => window.scrollTo(0, 0))
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const violations = await page.evaluate(async () => {
    const run = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: ['target-size'],
    })
    return run.violations.map((v) => ({
      id: v.id,
      nodes: v.nodes
        .slice(0, 8)
        .map((n) => ({ target: n.target.join(' '), why: n.any.map((check) => check.message).join(' / ') })),
    }))
  })
  ;(soft ? expect.soft : expect)(violations, `${label}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' })
}

// Touch through the DevTools protocol: what a phone's touchscreen sends.
export interface TouchPoint {
  x: number
  y: number
  id: number
}

export async function touches(
  cdp: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: TouchPoint[],
): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : points })
}

/** Two fingers `from` px apart around `centre`, spreading to `to` px apart and moving by `by`. */
export async function pinch(
  cdp: CDPSession,
  centre: { x: number; y: number },
  from: number,
  to: number,
  by: { x: number; y: number } = { x: 0, y: 0 },
  steps = 10,
): Promise<void> {
  const at = (t: number): TouchPoint[] => {
    const half = (from + (to - from) * t) / 2
    const cx = centre.x + by.x * t
    const cy = centre.y + by.y * t
    return [
      { x: cx - half, y: cy, id: 1 },
      { x: cx + half, y: cy, id: 2 },
    ]
  }
  await touches(cdp, 'touchStart', at(0))
  for (let i = 1; i <= steps; i++) await touches(cdp, 'touchMove', at(i / steps))
  await touches(cdp, 'touchEnd', [])
}

/** One finger held still on a point until the page says the hold was seen, then lifted. */
export async function longPress(page: Page, cdp: CDPSession, point: { x: number; y: number }): Promise<void> {
  await touches(cdp, 'touchStart', [{ ...point, id: 1 }])
  // The hold is 250 ms (spec §9); the app marks a lifted card, or opens the actions on release.
  await page.waitForTimeout(400)
  await touches(cdp, 'touchEnd', [])
}

/** The page itself is neither scrolled nor zoomed (the canvas took the gesture). */
export async function pageUnmoved(page: Page): Promise<{ scale: number; scrollX: number; scrollY: number }> {
  return page.evaluate(() => ({
    scale: window.visualViewport?.scale ?? 1,
    scrollX: window.scrollX,
    scrollY: window.scrollY,
  }))
}
