// The clothing tag types and the values the review modal offers for each (spec §3 option lists):
// season and occasion pick from fixed lists; category, colour, style, material and brand offer a
// quick-pick list (7, 20, 15, 16 and 26 values; the spec gives only the counts) and accept free text, so
// users can have categories and styles of their own.
import { QUICK_PICK_COLORS, colorLabel } from './colors'

export const TAG_TYPES = ['category', 'color', 'style', 'material', 'brand', 'season', 'occasion'] as const

export type TagTypeName = (typeof TAG_TYPES)[number]

export const TAG_TYPE_LABELS: Record<TagTypeName, string> = {
  category: 'Category',
  color: 'Color',
  style: 'Style',
  material: 'Material',
  brand: 'Brand',
  season: 'Season',
  occasion: 'Occasion',
}

export const CATEGORY_OPTIONS = ['top', 'bottom', 'dress', 'outerwear', 'footwear', 'accessory', 'complete_outfit'] as const
export const SEASON_OPTIONS = ['Spring', 'Summer', 'Fall', 'Winter', 'All Season'] as const
export const OCCASION_OPTIONS = ['Casual', 'Business', 'Formal', 'Party', 'Athletic', 'Beach', 'Travel'] as const

/** The colour picker's quick picks: the wardrobe's one colour vocabulary (`colors.ts`). */
export const COLOR_OPTIONS = QUICK_PICK_COLORS

export const STYLE_OPTIONS = [
  'Casual',
  'Classic',
  'Minimalist',
  'Bohemian',
  'Streetwear',
  'Vintage',
  'Preppy',
  'Sporty',
  'Elegant',
  'Romantic',
  'Edgy',
  'Business',
  'Y2K',
  'Cottagecore',
  'Avant-garde',
] as const

export const MATERIAL_OPTIONS = [
  'Cotton',
  'Linen',
  'Silk',
  'Wool',
  'Cashmere',
  'Denim',
  'Leather',
  'Suede',
  'Polyester',
  'Nylon',
  'Viscose',
  'Satin',
  'Velvet',
  'Corduroy',
  'Knit',
  'Canvas',
] as const

export const BRAND_OPTIONS = [
  'Acne Studios',
  'Adidas',
  'Arket',
  'Birkenstock',
  'COS',
  'Converse',
  'Dr. Martens',
  'Everlane',
  'Ganni',
  'Gap',
  'H&M',
  "Levi's",
  'Mango',
  'Massimo Dutti',
  'New Balance',
  'Nike',
  'Patagonia',
  'Ralph Lauren',
  'Reformation',
  'Uniqlo',
  'Vans',
  'Veja',
  'Weekday',
  'Zara',
  '& Other Stories',
  'Vintage / no brand',
] as const

/** The values offered for a type, and whether other values may be typed in. */
export interface TagChoices {
  options: readonly string[]
  freeText: boolean
}

export const TAG_CHOICES: Record<TagTypeName, TagChoices> = {
  // The user's own categories beside the spec's (issue 25): typed in, offered from then on.
  category: { options: CATEGORY_OPTIONS, freeText: true },
  color: { options: COLOR_OPTIONS, freeText: true },
  style: { options: STYLE_OPTIONS, freeText: true },
  material: { options: MATERIAL_OPTIONS, freeText: true },
  brand: { options: BRAND_OPTIONS, freeText: true },
  season: { options: SEASON_OPTIONS, freeText: false },
  occasion: { options: OCCASION_OPTIONS, freeText: false },
}

/**
 * A tag value as people read it: 'complete_outfit' becomes 'complete outfit', a colour stored under an
 * earlier spelling ('Grey') the vocabulary's word ('Gray').
 */
export function tagLabel(value: string): string {
  return colorLabel(value.replace(/_/g, ' '))
}

/**
 * A tag value as a word to compare: read as shown, case and spacing aside, so 'Grey ', 'gray' and 'Gray'
 * are one word (an item shows a word once, issue 40).
 */
export function tagWord(value: string): string {
  return tagLabel(value.trim()).toLowerCase()
}
