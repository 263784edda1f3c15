// What the page and the photo-shrinking worker (`workers/shrink/`) say to each other.

export interface ShrinkRequest {
  id: number
  file: Blob
  /** The longer side of the result at most, in pixels. */
  maxSide: number
  quality: number
  type: string
}

type ShrinkReply =
  | { id: number; blob: Blob }
  /** `unsupported`: this browser cannot do it in a worker at all (the page then shrinks on its canvas). */
  | { id: number; error: string; unsupported: boolean }

/** Everything the worker posts: replies, and once, when its script runs, that it is ready. */
export type ShrinkerMessage = ShrinkReply | { ready: true }
