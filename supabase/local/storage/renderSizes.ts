// The few sizes and qualities Storage renders. Any asked-for side is snapped up to the next one here
// (a quality likewise), so the renders of one photo are a handful that the cache can hold, not one per
// width there is: asking for 241, 242, … px wide all get the one 480 px render. The app's own sizes
// (240 and 480 wide at quality 75, src/data/images/sizedSources.ts) are in the sets, so what it asks for
// is what it gets, and the service worker's cache keys (which carry the asked-for width) stay the same.

/** Sides a render may have, in pixels; the last is Supabase's own limit for a transformed image. */
const RENDER_SIDES = [60, 120, 240, 480, 800, 1200, 1600, 2500] as const

/** Qualities a render may have: the app's 75, the default 80, and a few steps around them. */
const RENDER_QUALITIES = [40, 60, 75, 80, 90, 100] as const

export const MAX_RENDER_SIDE = RENDER_SIDES[RENDER_SIDES.length - 1]!
export const MIN_RENDER_QUALITY = 20

/** The smallest allowed value at least `value` (the largest when none is). */
function snapUp(allowed: readonly number[], value: number): number {
  return allowed.find((step) => step >= value) ?? allowed[allowed.length - 1]!
}

/** A side of 1..MAX_RENDER_SIDE px, snapped up to a rendered side (never smaller than asked). */
export function snapSide(side: number): number {
  return snapUp(RENDER_SIDES, side)
}

/** A quality of MIN_RENDER_QUALITY..100, snapped up to a rendered quality. */
export function snapQuality(quality: number): number {
  return snapUp(RENDER_QUALITIES, quality)
}
