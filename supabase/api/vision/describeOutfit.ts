// Words for what the engine saw: a short description per garment ('Navy top') and the outfit's style,
// season, occasion and colours. There is no style classifier offline (reference §4), so these are explicit
// rules over facts the engine did measure — categories, colours, hem and sleeve length — each documented
// below, and the confidence stays modest (≤ 0.55) so the app presents them as suggestions.
import { GRAY_COLORS } from '../../../src/lib/wardrobe/colors'
import type { ColorShare, DetectedCategory, OutfitSummary } from './types'
import { MAX_COLORS, MIN_SHARE } from './colorShares'

export interface GarmentFacts {
  category: DetectedCategory
  /** Dominant first, shares of the garment's own pixels. */
  colors: ColorShare[]
  /** Foreground pixels: the garment's weight in the outfit's colours. */
  pixelCount: number
  confidence: number
  /** A bottom or dress ending above the knee. */
  short: boolean
  /** For tops and dresses: whether the forearms are covered; null when the arms were not seen. */
  sleeves: 'long' | 'short' | null
}

const greys: ReadonlySet<string> = new Set(GRAY_COLORS)
/** Colours fashion treats as neutral besides the greys. */
const earthy = new Set(['Cream', 'Beige', 'Camel', 'Brown', 'Khaki', 'Navy', 'Olive'])
const dark = new Set(['Black', 'Charcoal', 'Navy', 'Burgundy', 'Brown', 'Dark green', 'Plum', 'Olive'])
const family: Record<string, string> = {
  Burgundy: 'red',
  Red: 'red',
  Pink: 'red',
  Fuchsia: 'red',
  Orange: 'yellow',
  Mustard: 'yellow',
  Yellow: 'yellow',
  'Light green': 'green',
  Green: 'green',
  'Dark green': 'green',
  Mint: 'green',
  Teal: 'blue',
  Turquoise: 'blue',
  Blue: 'blue',
  'Light blue': 'blue',
  Purple: 'purple',
  Lavender: 'purple',
  Plum: 'purple',
}

const nouns: Record<DetectedCategory, string> = {
  top: 'top',
  bottom: 'bottoms',
  dress: 'dress',
  footwear: 'shoes',
}

/** 'Navy top', 'Burgundy and navy top', 'Navy shorts'; the second colour only when it covers ≥ 25 %. */
export function describeGarment(garment: Pick<GarmentFacts, 'category' | 'colors' | 'short'>): string {
  const noun = garment.category === 'bottom' && garment.short ? 'shorts' : nouns[garment.category]
  const [first, second] = garment.colors
  if (!first) return capitalise(noun)
  const colours =
    second && second.share >= 0.25 ? `${first.name} and ${second.name.toLowerCase()}` : first.name
  return `${colours} ${noun}`
}

/**
 * The outfit summary, by these rules (first match wins for style and for season):
 * - colours: every garment's colours weighted by its pixel count; at most 3, each ≥ 8 %.
 * - style 'Sporty' (occasion 'Athletic'): short bottoms and a top that share a non-neutral colour, a kit.
 * - style 'Tailored' (occasion 'Business'): top and long bottoms in the same grey, black or navy with long
 *   sleeves, a suit.
 * - style 'Monochrome': the clothes (shoes aside) are only greys, or all share one dominant colour.
 * - style 'Neutral': only greys and earthy neutrals (cream, beige, camel, brown, khaki, navy, olive).
 * - style 'Colour-blocked': two or more hue families (red, yellow, green, blue, purple) lead different garments.
 * - otherwise style 'Casual'; occasion 'Casual' unless a rule above gave evidence.
 * - season 'Summer' when a bottom or dress is short (the legs show); 'Fall' when long sleeves, long bottoms
 *   or a long dress and only dark colours; otherwise 'All Season' (nothing tells spring from winter).
 */
export function describeOutfit(garments: GarmentFacts[], personFound: boolean): OutfitSummary {
  const colors = outfitColors(garments)
  const clothes = garments.filter((g) => g.category !== 'footwear')
  const leads = clothes.map((g) => g.colors[0]?.name).filter((n): n is string => Boolean(n))
  const top = clothes.find((g) => g.category === 'top')
  const bottom = clothes.find((g) => g.category === 'bottom')
  const dress = clothes.find((g) => g.category === 'dress')
  let style = 'Casual'
  let occasion: OutfitSummary['occasion'] = 'Casual'
  let evidence = 0
  if (top && bottom?.short && sharesColour(top, bottom)) {
    style = 'Sporty'
    occasion = 'Athletic'
    evidence++
  } else if (
    top &&
    bottom &&
    !bottom.short &&
    top.sleeves === 'long' &&
    leads.length === 2 &&
    leads[0] === leads[1] &&
    ['Black', 'Charcoal', 'Gray', 'Navy'].includes(leads[0]!)
  ) {
    style = 'Tailored'
    occasion = 'Business'
    evidence++
  } else if (
    leads.length > 0 &&
    (leads.every((n) => greys.has(n)) || (leads.length > 1 && leads.every((n) => n === leads[0])))
  ) {
    style = 'Monochrome'
    evidence++
  } else if (leads.length > 0 && leads.every((n) => greys.has(n) || earthy.has(n))) {
    style = 'Neutral'
    evidence++
  } else if (new Set(leads.map((n) => family[n]).filter(Boolean)).size >= 2) {
    style = 'Colour-blocked'
    evidence++
  }
  let season: OutfitSummary['season'] = 'All Season'
  const longBelow = bottom ? !bottom.short : dress ? !dress.short : false
  if (clothes.some((g) => (g.category === 'bottom' || g.category === 'dress') && g.short)) {
    season = 'Summer'
    evidence++
  } else if (
    (top ?? dress)?.sleeves === 'long' &&
    longBelow &&
    leads.length > 0 &&
    leads.every((n) => dark.has(n))
  ) {
    season = 'Fall'
    evidence++
  }
  const seen = garments.length > 0 ? garments.reduce((s, g) => s + g.confidence, 0) / garments.length : 0
  const confidence = personFound
    ? Math.min(0.55, 0.15 + 0.25 * seen + 0.05 * evidence)
    : Math.min(0.3, 0.1 + 0.2 * seen)
  return { style, season, occasion, confidence: Math.round(confidence * 100) / 100, colors }
}

/** Whether two garments share a non-neutral colour, each covering at least 15 % of its garment. */
function sharesColour(a: GarmentFacts, b: GarmentFacts): boolean {
  const strong = (g: GarmentFacts) =>
    new Set(g.colors.filter((c) => c.share >= 0.15 && !greys.has(c.name)).map((c) => c.name))
  const other = strong(b)
  return [...strong(a)].some((name) => other.has(name))
}

/** The outfit's colours: each garment's shares weighted by its pixel count. */
export function outfitColors(garments: GarmentFacts[]): ColorShare[] {
  const weights = new Map<string, number>()
  let total = 0
  for (const g of garments) {
    total += g.pixelCount
    for (const c of g.colors) weights.set(c.name, (weights.get(c.name) ?? 0) + c.share * g.pixelCount)
  }
  if (total === 0) return []
  return [...weights.entries()]
    .map(([name, weight]) => ({ name, share: Math.round((weight / total) * 1000) / 1000 }))
    .filter((c) => c.share >= MIN_SHARE)
    .sort((p, q) => q.share - p.share)
    .slice(0, MAX_COLORS)
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}
