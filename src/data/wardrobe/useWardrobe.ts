// A wardrobe as the Products area shows it (spec §3, §6): the owner sees all their items, everyone else
// only the public ones; newest first, each with its tags, its outfit job (an outfit photo's card shows
// where its analysis stands) and whether its photo still waits on the device. Stats count items, tags
// and categories. The scope's state is read in the same snapshot, so the grid never flashes empty.
import { useMemo, useRef } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import type { MooriDB } from '../db'
import { canSeeWardrobeItem } from '../model/permissions'
import type { ClothingTagRow, ProcessingJobRow, WardrobeItemRow } from '../model/rows'
import { profileScope, type ScopeKey } from '../model/scopes'
import { useReplica } from '../ReplicaContext'
import { pendingImages } from '../queries/scopeMembers'
import { readScopeStatus, type ScopeStatus } from '../queries/useScope'
import { compareCodeUnits } from '@/lib/compareCodeUnits'
import { keepUnchanged } from '@/lib/sameData'
import { jobsWaitingToStart } from './outfitJobs'

export interface WardrobeEntry {
  item: WardrobeItemRow
  tags: ClothingTagRow[]
  /** The item's outfit job, when it has one on this device. */
  job: ProcessingJobRow | null
  /** The photo is still only on this device. */
  uploadPending: boolean
  /** Starting the item's job still waits in the outbox. */
  waitingToStart: boolean
}

interface WardrobeStats {
  totalItems: number
  totalTags: number
  categories: Record<string, number>
}

export interface WardrobeView {
  status: ScopeStatus
  error: string | null
  entries: WardrobeEntry[]
  stats: WardrobeStats
}

const tagOrder = ['category', 'color', 'style', 'material', 'brand', 'season', 'occasion']

export function wardrobeStats(entries: readonly WardrobeEntry[]): WardrobeStats {
  const categories: Record<string, number> = {}
  let totalTags = 0
  for (const { tags } of entries) {
    totalTags += tags.length
    for (const tag of tags) if (tag.tagType === 'category') categories[tag.tagValue] = (categories[tag.tagValue] ?? 0) + 1
  }
  return { totalItems: entries.length, totalTags, categories }
}

/** Items with their tags, jobs and upload state, newest first (shared with wardrobe import). */
export async function wardrobeEntries(db: MooriDB, items: WardrobeItemRow[]): Promise<WardrobeEntry[]> {
  items.sort((a, b) => compareCodeUnits(b.createdAt, a.createdAt) || compareCodeUnits(a.id, b.id))
  const [tags, jobs, pending, waiting] = await Promise.all([
    db.tags.where('wardrobeItemId').anyOf(items.map((i) => i.id)).toArray(),
    db.jobs.bulkGet(items.map((i) => i.jobId ?? '')),
    pendingImages(db, items.map((i) => i.imagePath)),
    jobsWaitingToStart(db, items.flatMap((i) => (i.jobId ? [i.jobId] : []))),
  ])
  const byItem = new Map<string, ClothingTagRow[]>()
  for (const tag of tags) byItem.set(tag.wardrobeItemId, [...(byItem.get(tag.wardrobeItemId) ?? []), tag])
  for (const list of byItem.values()) {
    list.sort((a, b) => tagOrder.indexOf(a.tagType) - tagOrder.indexOf(b.tagType) || compareCodeUnits(a.createdAt, b.createdAt))
  }
  return items.map((item, index) => ({
    item,
    tags: byItem.get(item.id) ?? [],
    job: jobs[index] ?? null,
    uploadPending: pending.has(item.imagePath),
    waitingToStart: item.jobId !== null && waiting.has(item.jobId),
  }))
}

/** The tables the wardrobe's entries are read from. */
const wardrobeTables = (db: MooriDB) => [db.scopes, db.wardrobeItems, db.tags, db.jobs, db.pendingUploads, db.outbox]

/** `owner` is the profile whose wardrobe to show; null shows nothing (signed out). */
export function useWardrobe(owner: { id: string; username: string } | null): WardrobeView | undefined {
  const { db, userId } = useReplica()
  const ownerId = owner?.id ?? null
  const username = owner?.username ?? ''
  const answer = useLiveQuery(async () => {
    if (!ownerId) return { status: 'ready' as const, error: null, entries: [], stats: wardrobeStats([]) }
    const scope: ScopeKey = ownerId === userId ? 'me' : profileScope(username)
    // One IndexedDB transaction for its six reads (each on its own made one; the query runs again on
    // every write a batch of photos makes).
    return db.transaction('r', wardrobeTables(db), async () => {
      const [state, items] = await Promise.all([
        readScopeStatus(db, scope),
        db.wardrobeItems.where('userId').equals(ownerId).toArray(),
      ])
      const visible = items.filter((item) => canSeeWardrobeItem(item, userId))
      const entries = await wardrobeEntries(db, visible)
      return { status: state.status, error: state.error, entries, stats: wardrobeStats(entries) }
    })
  }, [db, ownerId, userId, username])
  return useSteadyEntries(answer)
}

/** The view with each entry that did not change since the last answer kept as the same object: the query
 * runs again on every write to the user's items, jobs, uploads or outbox (a batch of 20 photos makes a
 * hundred), and the memoised cards then render only the entry that changed. */
function useSteadyEntries(view: WardrobeView | undefined): WardrobeView | undefined {
  const previous = useRef<WardrobeEntry[] | undefined>(undefined)
  return useMemo(() => {
    if (!view) return view
    const entries = keepUnchanged(previous.current, view.entries, (entry) => entry.item.id)
    previous.current = entries
    return entries === view.entries ? view : { ...view, entries }
  }, [view])
}

/** One job as the processing dialog follows it, with what still waits on the device before it. */
export interface JobView {
  job: ProcessingJobRow | null
  /** Starting it still waits in the outbox (offline, or the photo is uploading). */
  waitingToStart: boolean
}

export function useProcessingJob(jobId: string | null): JobView | undefined {
  const { db } = useReplica()
  return useLiveQuery(async () => {
    if (!jobId) return { job: null, waitingToStart: false }
    // One transaction for both reads: a batch view follows twenty of these.
    return db.transaction('r', db.jobs, db.outbox, async () => {
      const [job, waiting] = await Promise.all([db.jobs.get(jobId), jobsWaitingToStart(db, [jobId])])
      return { job: job ?? null, waitingToStart: waiting.has(jobId) }
    })
  }, [db, jobId])
}
