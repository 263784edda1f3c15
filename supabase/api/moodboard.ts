// Prompt moodboards, the pure part: which words of a prompt count, how well an image matches them
// (its name, message, wall name and tags, case-insensitive), which up to 12 images make the board, and
// where each goes on the wall (the automatic-layout grid: 250×300 slots, 50 px gaps, 4 columns).
const MOODBOARD_SIZE = 12
export const PROMPT_MAX = 200
const WALL_NAME_MAX = 80
const GRID = { width: 250, height: 300, gap: 50, columns: 4 } as const

const stopWords = new Set(
  'a an and are as at be by for from how i in is it me my of on or our so some that the this to we with your you'.split(
    ' ',
  ),
)

/** Distinct lower-case words of the prompt, without filler words. */
export function promptWords(prompt: string): string[] {
  const words = prompt
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 && !stopWords.has(w))
  return [...new Set(words)]
}

/** 'hats' also finds 'hat'; 'dresses' also 'dress'. */
function forms(word: string): string[] {
  const out = [word]
  if (word.length > 3 && word.endsWith('es')) out.push(word.slice(0, -2))
  if (word.length > 3 && word.endsWith('s')) out.push(word.slice(0, -1))
  return out
}

export interface Candidate {
  /** Unique key (kind + row id). */
  key: string
  kind: 'polaroid' | 'item'
  name: string
  message: string
  /** Name and tags: a hit here counts double. */
  strong: string[]
  /** Message, description, wall name. */
  weak: string[]
  /** `bucket/path` in Storage, or null with an external URL. */
  imagePath: string | null
  externalUrl: string | null
  createdAt: string
}

export function matchScore(candidate: Candidate, words: string[]): number {
  const strong = candidate.strong.join('\n').toLowerCase()
  const weak = candidate.weak.join('\n').toLowerCase()
  let score = 0
  for (const word of words) {
    const variants = forms(word)
    if (variants.some((v) => strong.includes(v))) score += 2
    else if (variants.some((v) => weak.includes(v))) score += 1
  }
  return score
}

const newestFirst = (a: Candidate, b: Candidate) => b.createdAt.localeCompare(a.createdAt)

/**
 * The board: the best matches (score, then newest), at most `size`, never the same image twice; when
 * nothing matches, the newest public polaroids.
 */
export function pickMoodboard(candidates: Candidate[], words: string[], size = MOODBOARD_SIZE): Candidate[] {
  const seen = new Set<string>()
  const unique = candidates.filter((c) => {
    const id = c.imagePath ?? c.externalUrl ?? c.key
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
  const scored = unique
    .map((candidate) => ({ candidate, score: matchScore(candidate, words) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || newestFirst(a.candidate, b.candidate))
    .map((s) => s.candidate)
  if (scored.length > 0) return scored.slice(0, size)
  return unique
    .filter((c) => c.kind === 'polaroid')
    .sort(newestFirst)
    .slice(0, size)
}

/** Slot `index` of the grid; one gap in from the origin, so no card sits at (0,0). */
export function gridPosition(index: number): { x: number; y: number } {
  const column = index % GRID.columns
  const row = Math.floor(index / GRID.columns)
  return { x: GRID.gap + column * (GRID.width + GRID.gap), y: GRID.gap + row * (GRID.height + GRID.gap) }
}

/** The wall is named after the prompt: spaces tidied, at most 80 characters, no trailing space. */
export function wallNameFromPrompt(prompt: string): string {
  return prompt.replace(/\s+/g, ' ').trim().slice(0, WALL_NAME_MAX).trim()
}

export function wallDescriptionFromPrompt(prompt: string): string {
  return `A moodboard for “${prompt.replace(/\s+/g, ' ').trim()}”`
}
