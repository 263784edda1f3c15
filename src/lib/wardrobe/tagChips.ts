// The chips an item shows for its tags (issue 40): a word is shown once per item. An outfit's style
// and occasion are often the same word ('Casual'), and two rows of one type can read alike ('casual'
// and 'Casual', or 'Grey' stored before the vocabulary said 'Gray'); as two identical pills they read
// as a duplicate. So tags that read the same (trimmed, case-insensitive, as `tagLabel` shows them)
// become one chip that says which kinds it stands for. Nothing is dropped: a chip keeps every tag it
// stands for, and the screens that act on tags (the review modal, Verify, Tag…) act on the rows.
import { TAG_TYPES, TAG_TYPE_LABELS, tagLabel, tagWord, type TagTypeName } from './tagOptions'

/** The fields of a clothing tag a chip reads. */
export interface ChipTag {
  id: string
  tagType: TagTypeName
  tagValue: string
  confidenceScore: number
  isAiGenerated: boolean
  isVerified: boolean
}

export interface TagChipModel<T extends ChipTag = ChipTag> {
  /** The first tag's id: stable while that tag lives. */
  key: string
  /** The word as shown (the first tag's spelling). */
  label: string
  /** The kinds it stands for, in the review modal's order, each once. */
  types: TagTypeName[]
  /** Every tag the chip stands for, in their order. */
  tags: T[]
  /**
   * An AI guess not yet confirmed: the highest confidence among those tags (how likely the word fits
   * the item); null when every tag is confirmed or the user's own.
   */
  confidence: number | null
  /** Every AI tag among them is confirmed (and there is one): the chip carries a check. */
  verified: boolean
}

/** The item's tags as chips, in the order of each word's first tag. */
export function tagChips<T extends ChipTag>(tags: readonly T[]): TagChipModel<T>[] {
  const byWord = new Map<string, T[]>()
  for (const tag of tags) {
    const key = tagWord(tag.tagValue)
    if (!key) continue
    const same = byWord.get(key)
    if (same) same.push(tag)
    else byWord.set(key, [tag])
  }
  return [...byWord.values()].map((group) => chipOf(group as [T, ...T[]]))
}

function chipOf<T extends ChipTag>(group: [T, ...T[]]): TagChipModel<T> {
  const [first] = group
  const kinds = new Set(group.map((t) => t.tagType))
  const guesses = group.filter((t) => t.isAiGenerated && !t.isVerified)
  return {
    key: first.id,
    label: tagLabel(first.tagValue.trim()),
    types: TAG_TYPES.filter((type) => kinds.has(type)),
    tags: group,
    confidence: guesses.length > 0 ? Math.max(...guesses.map((t) => t.confidenceScore)) : null,
    verified: guesses.length === 0 && group.some((t) => t.isAiGenerated),
  }
}

/** 'Style', 'Style and occasion', 'Color, style and occasion'. */
export function chipKinds(chip: Pick<TagChipModel, 'types'>): string {
  const words = chip.types.map((type, index) =>
    index === 0 ? TAG_TYPE_LABELS[type] : TAG_TYPE_LABELS[type].toLowerCase(),
  )
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

/** The chip's tooltip: 'Style: Casual', 'Style and occasion: Casual'. */
export function chipTitle(chip: Pick<TagChipModel, 'types' | 'label'>): string {
  return `${chipKinds(chip)}: ${chip.label}`
}

/** Said after the word to a screen reader when the chip stands for more than one kind, else null. */
export function chipKindsNote(chip: Pick<TagChipModel, 'types'>): string | null {
  return chip.types.length > 1 ? ` (${chipKinds(chip).toLowerCase()})` : null
}
