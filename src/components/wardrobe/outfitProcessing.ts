// What the processing dialog shows of an outfit job (spec §4 outfit upload processing, §9): the job's
// phase and words from `jobView` (shared with the item's card), which steps are lit, and up to 4 detected
// items. Pure, so every state is tested without a browser.
import type { ProcessingJobRow } from '@/data/model/rows'
import { jobView, type JobInput } from '@/lib/wardrobe/jobView'

export const PROCESSING_POLL_MS = 2000
export const DETECTED_ITEMS_SHOWN = 4

const PROCESSING_STEPS = [
  { at: 10, label: 'Analyzing items' },
  { at: 50, label: 'Generating tags' },
  { at: 90, label: 'Saving products' },
] as const

export type ProcessingState = 'uploading' | 'waiting' | 'processing' | 'completed' | 'failed'

interface ProcessingStep {
  label: string
  at: number
  reached: boolean
}

export interface ProcessingView {
  state: ProcessingState
  statusText: string
  /** A second line: why it waits, or the job's error. */
  detail: string | null
  progress: number
  steps: ProcessingStep[]
  items: ProcessingJobRow['items']
  /** Found items beyond the ones shown ('+N more'). */
  moreItems: number
  finished: boolean
}

export function processingView(input: JobInput): ProcessingView {
  const view = jobView(input)
  const items = input.job?.items ?? []
  return {
    // The dialog shows starting and processing alike, but for the words.
    state: view.phase === 'starting' ? 'processing' : view.phase,
    statusText: view.text,
    detail: view.detail,
    progress: view.progress,
    steps: PROCESSING_STEPS.map((step) => ({ label: step.label, at: step.at, reached: view.progress >= step.at })),
    items: items.slice(0, DETECTED_ITEMS_SHOWN),
    moreItems: Math.max(0, items.length - DETECTED_ITEMS_SHOWN),
    finished: view.finished,
  }
}

export { processingPhotosText } from './processingPhotosText'
