// The one colour vocabulary of the wardrobe: the names the engine gives a garment's colours and the 20
// quick picks of the tag picker (spec §3), spelled the way the spec writes ('color', so 'Gray'). Tags stored
// before the two lists were one ('Grey' from the engine, 'Light Blue' from the picker) still read, and
// filter, as the vocabulary's word.

/** Every name the engine's `colorName` can give, lightest neutrals to purples. */
export const ENGINE_COLORS = [
  'Black',
  'Charcoal',
  'Gray',
  'Light gray',
  'White',
  'Cream',
  'Burgundy',
  'Red',
  'Pink',
  'Orange',
  'Brown',
  'Camel',
  'Beige',
  'Mustard',
  'Yellow',
  'Olive',
  'Khaki',
  'Light green',
  'Green',
  'Dark green',
  'Mint',
  'Teal',
  'Turquoise',
  'Navy',
  'Blue',
  'Light blue',
  'Purple',
  'Lavender',
  'Plum',
  'Fuchsia',
] as const

export type EngineColor = (typeof ENGINE_COLORS)[number]

/** The neutrals: a garment in these reads as gray whatever its faint tint. */
export const GRAY_COLORS: readonly EngineColor[] = ['Black', 'Charcoal', 'Gray', 'Light gray', 'White']

/** The tag picker's 20 quick picks: engine names, and three the engine never gives. */
export const QUICK_PICK_COLORS = [
  'Black',
  'White',
  'Gray',
  'Navy',
  'Blue',
  'Light blue',
  'Green',
  'Olive',
  'Yellow',
  'Orange',
  'Red',
  'Burgundy',
  'Pink',
  'Purple',
  'Brown',
  'Beige',
  'Cream',
  'Gold',
  'Silver',
  'Multicolor',
] as const

/** Earlier spellings of vocabulary words, as stored before (lower case → the word). */
const EARLIER_SPELLINGS: ReadonlyMap<string, string> = new Map([
  ['grey', 'Gray'],
  ['light grey', 'Light gray'],
  ['light blue', 'Light blue'],
])

/** A stored colour as people read it: earlier spellings become the vocabulary's word; others stay. */
export function colorLabel(value: string): string {
  return EARLIER_SPELLINGS.get(value.trim().toLowerCase()) ?? value
}
