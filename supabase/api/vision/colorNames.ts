// Names a garment colour the way people tag clothes ('Navy', 'Burgundy', 'Camel'), by explicit OKLCH rules
// rather than "nearest palette entry": a neutral gate on chroma first (greys never become 'lavender'), then
// hue bins with lightness/chroma modifiers. Nearest-palette naming called the Barça blue 'purple' and a
// silver suit 'teal' (reference §5); rules keep each decision visible and testable.
import { ENGINE_COLORS, type EngineColor } from '../../../src/lib/wardrobe/colors'
import { oklabToOklch, type Oklab } from './oklab'

/** Below this chroma a colour reads as a grey, whatever its hue. */
const NEUTRAL_CHROMA = 0.035

/** Lightness steps of the neutrals, darkest first. */
function neutralName(L: number): EngineColor {
  if (L < 0.3) return 'Black'
  if (L < 0.46) return 'Charcoal'
  if (L < 0.7) return 'Gray'
  if (L < 0.88) return 'Light gray'
  return 'White'
}

/** Red-orange to yellow (30°–100°): where browns, camel, beige and skin tones live. */
function warmName(L: number, C: number, h: number): EngineColor {
  if (L < 0.3) return 'Brown'
  if (C < 0.06) return L >= 0.72 ? 'Beige' : 'Brown'
  if (C < 0.12) {
    if (L >= 0.8) return 'Beige'
    if (L >= 0.6) return 'Camel'
    return 'Brown'
  }
  if (h < 75) return L < 0.55 ? 'Brown' : 'Orange'
  return L >= 0.82 ? 'Yellow' : 'Mustard'
}

/** The name of one colour. Capitalised, from a fixed list (see `colorNameList`). */
export function colorName(lab: Oklab): EngineColor {
  const { L, C, h } = oklabToOklch(lab)
  if (L < 0.22) return 'Black'
  if (C < NEUTRAL_CHROMA) return neutralName(L)
  if (L > 0.9 && C < 0.08 && h >= 60 && h < 115) return 'Cream'
  // Reds and pinks around 0°; below 30° dark reads as burgundy, light as pink.
  if (h >= 345 || h < 30) {
    if (L < 0.44) return 'Burgundy'
    if (L >= 0.7) return 'Pink'
    if (h < 30 && h >= 20 && C < 0.09) return 'Brown'
    return 'Red'
  }
  if (h < 45 && L < 0.44) return C < 0.09 ? 'Brown' : 'Burgundy'
  if (h < 45 && C >= 0.1 && L < 0.8) return 'Orange'
  if (h < 100) return warmName(L, C, h)
  if (h < 135) {
    if (L >= 0.8 && C >= 0.1) return 'Yellow'
    if (L < 0.68) return 'Olive'
    return C < 0.08 ? 'Khaki' : 'Light green'
  }
  if (h < 180) {
    if (L < 0.45) return 'Dark green'
    if (L >= 0.75) return 'Mint'
    return 'Green'
  }
  if (h < 230) {
    if (L >= 0.85 && C < 0.08) return 'Light blue'
    return L < 0.65 ? 'Teal' : 'Turquoise'
  }
  if (h < 290) {
    if (L < 0.45) return 'Navy'
    if (L >= 0.75) return 'Light blue'
    return 'Blue'
  }
  if (h < 330) return L >= 0.72 ? 'Lavender' : 'Purple'
  if (L >= 0.68) return 'Pink'
  return L < 0.45 ? 'Plum' : 'Fuchsia'
}

/** Every name `colorName` can return: the wardrobe's colour vocabulary (for quick-pick lists and tests). */
export const colorNameList = ENGINE_COLORS

/**
 * Whether a colour lies in the range of human skin under ordinary light (warm hue, moderate chroma, mid to
 * high lightness). Used only to drop bare arms and legs from a garment's colours, never to name anything.
 */
export function isSkinTone(lab: Oklab): boolean {
  const { L, C, h } = oklabToOklch(lab)
  return h >= 25 && h <= 85 && C >= 0.03 && C <= 0.16 && L >= 0.4 && L <= 0.92
}
