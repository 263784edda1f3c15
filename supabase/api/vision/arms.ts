// The arms' part in garment regions: hands (skin, cut out of every garment), sleeve length from the
// forearms (bare forearms are cut out too), and the chest colour a half-body top is judged by.
import { sides, type BodyContext } from './bodyFrame'
import { isSkinTone } from './colorNames'
import { meanOklab, oklabDistance, type Oklab } from './oklab'
import { discsAlong, patchColour, type Disc } from './regionShape'
import type { BodyFrame } from './bodyFrame'

/** Colour difference that tells a bare forearm from its sleeve (as a hem on a leg). */
const SLEEVE_CONTRAST = 0.12

/** A hand is skin, not sleeve: a disc just past each seen wrist, sized by the forearm. */
export function handDiscs(p: BodyFrame['points'], T: number): Disc[] {
  const discs: Disc[] = []
  for (const side of sides) {
    const wrist = p[`${side}Wrist`]
    const elbow = p[`${side}Elbow`]
    if (!wrist) continue
    if (elbow) {
      const dx = wrist.x - elbow.x
      const dy = wrist.y - elbow.y
      discs.push({ x: wrist.x + 0.3 * dx, y: wrist.y + 0.3 * dy, r: 0.4 * Math.hypot(dx, dy) })
    } else discs.push({ x: wrist.x, y: wrist.y, r: 0.12 * T })
  }
  return discs
}

/** The top's colour on the chest (below the collar, between the shoulders), for half-body photos. */
export function chestColour({ p, T, frame, image, alpha, hands }: BodyContext): Oklab | null {
  const shoulders = frame.shoulders
  if (!shoulders) return null
  const half = Math.max(
    0.1 * T,
    0.3 * Math.abs((p.leftShoulder?.x ?? shoulders.x) - (p.rightShoulder?.x ?? shoulders.x)),
  )
  return patchColour(
    image,
    alpha,
    {
      x0: shoulders.x - half,
      x1: shoulders.x + half,
      y0: shoulders.y + 0.1 * T,
      y1: shoulders.y + 0.5 * T,
    },
    hands,
  ).lab
}

/**
 * Sleeve length from the forearms (elbow → wrist): bare when they are skin-toned and unlike the top's
 * colour, covered otherwise. Any bare forearm makes it 'short' (a rolled sleeve reads as short).
 */
export function judgeSleeves(
  { p, T, image, alpha }: BodyContext,
  topColour: Oklab | null,
): { length: 'long' | 'short' | null; bareForearms: Disc[] } {
  const seen: ('long' | 'short')[] = []
  const bareForearms: Disc[] = []
  for (const side of sides) {
    const elbow = p[`${side}Elbow`]
    const wrist = p[`${side}Wrist`]
    if (!elbow || !wrist) continue
    const half = Math.max(1.5, 0.04 * T)
    const samples = [0.2, 0.35, 0.5, 0.65]
      .map((t) => ({ x: elbow.x + t * (wrist.x - elbow.x), y: elbow.y + t * (wrist.y - elbow.y) }))
      .map((c) =>
        patchColour(image, alpha, {
          x0: c.x - half,
          x1: c.x + half,
          y0: c.y - half,
          y1: c.y + half,
        }),
      )
      .filter((s) => s.lab && s.coverage >= 0.5)
    const forearm = meanOklab(samples.map((s) => s.lab!))
    if (!forearm) continue
    const bare = isSkinTone(forearm) && (!topColour || oklabDistance(forearm, topColour) >= SLEEVE_CONTRAST)
    seen.push(bare ? 'short' : 'long')
    if (bare)
      bareForearms.push(
        ...discsAlong(
          [elbow, wrist],
          0.15 * Math.hypot(wrist.x - elbow.x, wrist.y - elbow.y),
          Math.max(3, 0.09 * T),
        ),
      )
  }
  const length = seen.includes('short') ? 'short' : seen.length > 0 ? 'long' : null
  return { length, bareForearms }
}
