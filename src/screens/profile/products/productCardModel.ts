// What an item card shows, decided apart from the markup so it can be tested: its tags as chips, a
// word once (`tagChips`), and how many fit (3 in grid view, 5 in list view, then '+N more'; spec §9), the card's title, whether the item is a
// whole outfit (style 'OOTD Complete' opens the outfit analysis), and where an outfit job stands.
import type { ClothingTagRow, ProcessingJobRow } from '@/data/model/rows'
import { jobView, type JobLike } from '@/lib/wardrobe/jobView'
import { OOTD_COMPLETE } from '@/lib/wardrobe/ootdStyles'
import { tagChips, type TagChipModel } from '@/lib/wardrobe/tagChips'

export type ProductLayout = 'grid' | 'list'

const TAG_LIMIT: Record<ProductLayout, number> = { grid: 3, list: 5 }

const UNTITLED_ITEM = 'Untitled item'

export function visibleTags<T>(tags: readonly T[], layout: ProductLayout): { shown: T[]; more: number } {
  const limit = TAG_LIMIT[layout]
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) }
}

/** The chips a card shows and how many more there are: '+N more' counts words, as the chips do. */
export function cardChips(tags: readonly ClothingTagRow[], layout: ProductLayout): { shown: TagChipModel<ClothingTagRow>[]; more: number } {
  return visibleTags(tagChips(tags), layout)
}

export function moreTagsText(count: number): string {
  return `+${count} more`
}

export function itemTitle(name: string): string {
  return name.trim() || UNTITLED_ITEM
}

export function isCompleteOutfit(tags: readonly Pick<ClothingTagRow, 'tagType' | 'tagValue'>[]): boolean {
  return tags.some((t) => t.tagType === 'style' && t.tagValue === OOTD_COMPLETE)
}

const UNSTARTED: JobLike = { status: 'queued', progress: 0, error: null, items: [] }

export type OutfitJobState =
  /** Not running yet: the photo uploads, the start waits, or it waits for a connection (`offline`). */
  | { kind: 'waiting'; text: string; offline: boolean }
  | { kind: 'processing'; text: string; progress: number }
  | { kind: 'failed'; error: string | null }

/**
 * Where the item's outfit job stands, in the words of the processing dialog (`jobView`); null when there
 * is nothing to say (no job, or it finished).
 */
export function outfitJobState(
  entry: { job: ProcessingJobRow | null; uploadPending: boolean; waitingToStart: boolean },
  online: boolean,
): OutfitJobState | null {
  const { job, uploadPending } = entry
  if (!job && !uploadPending) return null
  // A photo that waits to upload is a job that waits to start, whether or not its row is here.
  const view = jobView({ job: job ?? UNSTARTED, waitingToStart: entry.waitingToStart || uploadPending, online })
  switch (view.phase) {
    case 'uploading':
    case 'starting':
      return { kind: 'waiting', text: view.text, offline: false }
    case 'waiting':
      return { kind: 'waiting', text: view.text, offline: true }
    case 'processing':
      return { kind: 'processing', text: view.text, progress: view.progress }
    case 'failed':
      return { kind: 'failed', error: job?.error ?? null }
    case 'completed':
      return null
  }
}
