// An outfit processing job as the app, the sync worker and the product API all speak of it (spec §4, §5):
// its statuses, the items it reports, what it was asked to do, and the processing-status answer. Written
// once here; `supabase/api` imports it too, so the wire cannot drift between the two ends.

export type JobStatus = 'queued' | 'processing' | 'completed' | 'failed'

/** Not finished yet: the server may still move it. */
export const isUnfinishedJob = (status: JobStatus): boolean => status === 'queued' || status === 'processing'

/** One detected item as the job reports it (spec §5: item_id, description, extracted_url). */
export interface JobItem {
  item_id: string
  description: string
  /** `bucket/path` of the item's cut-out; the status endpoint signs it into `extracted_url`. */
  image_path: string
}

/** What an outfit job was asked to do (the `input` column). */
export interface OotdJobInput {
  /** `bucket/path` of the outfit photo, in the owner's own folder. */
  image_path: string
  /** The outfit's own wardrobe item when the app made it already (it then gets the analysis). */
  item_id: string | null
  skip_ai_tagging: boolean
  skip_ai_extraction: boolean
}

/** GET /api/wardrobe/processing-status (spec §5). */
export interface ProcessingStatusAnswer {
  status: JobStatus
  progress: number
  processed_items: number
  total_items: number
  error: string | null
  items: Array<JobItem & { extracted_url: string }>
}
