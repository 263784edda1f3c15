// What an item card shows, decided apart from the markup so it can be tested: how many tags fit
// (3 in grid view, 5 in list view, then '+N more'; spec §9), the card's title, whether the item is a
// whole outfit (style 'OOTD Complete' opens the outfit analysis), and where an outfit job stands.
import type { ClothingTagRow, ProcessingJobRow } from '@/data/model/rows'

export type ProductLayout = 'grid' | 'list'

export const TAG_LIMIT: Record<ProductLayout, number> = { grid: 3, list: 5 }

export const UNTITLED_ITEM = 'Untitled item'

export function visibleTags<T>(tags: readonly T[], layout: ProductLayout): { shown: T[]; more: number } {
  const limit = TAG_LIMIT[layout]
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) }
}

export function moreTagsText(count: number): string {
  return `+${count} more`
}

export function itemTitle(name: string): string {
  return name.trim() || UNTITLED_ITEM
}

export const OOTD_COMPLETE = 'OOTD Complete'

export function isCompleteOutfit(tags: readonly Pick<ClothingTagRow, 'tagType' | 'tagValue'>[]): boolean {
  return tags.some((t) => t.tagType === 'style' && t.tagValue === OOTD_COMPLETE)
}

export type OutfitJobState =
  /**
   * Not running yet: the photo still waits on the device ('upload'), the job's start waits in the
   * outbox ('start'), or the server has the job queued ('queued').
   */
  | { kind: 'waiting'; stage: 'upload' | 'start' | 'queued' }
  | { kind: 'processing'; progress: number }
  | { kind: 'failed'; error: string | null }

/** Where the item's outfit job stands; null when there is nothing to say (no job, or it finished). */
export function outfitJobState(entry: { job: ProcessingJobRow | null; uploadPending: boolean }): OutfitJobState | null {
  const { job, uploadPending } = entry
  if (uploadPending) return { kind: 'waiting', stage: 'upload' }
  if (!job) return null
  switch (job.status) {
    case 'queued':
      // A job the server wrote back has a transaction id; before that it only exists on this device.
      return { kind: 'waiting', stage: job.txid === '' ? 'start' : 'queued' }
    case 'processing':
      return { kind: 'processing', progress: Math.min(100, Math.max(0, Math.round(job.progress))) }
    case 'failed':
      return { kind: 'failed', error: job.error }
    default:
      return null
  }
}
