// The guest preview wall (/create-preview): kept in the guest database so it survives reloads, and
// turned into a real wall after sign-up.
/** The one preview wall's id. */
export const PREVIEW_WALL_ID = 'preview'

export interface PreviewWallRow {
  id: 'preview'
  name: string
  description: string
  private: boolean
  updatedAt: number
  /** The guest pressed 'Sign Up to Save & Continue': turn the preview into a real wall once they can own one. */
  saveRequested?: boolean
}

export interface PreviewPolaroidRow {
  /** A temporary id; the real wall gets new ids. */
  id: string
  name: string
  message: string
  /** The picked image, downscaled; absent when the polaroid uses an external URL. */
  image: Blob | null
  externalUrl: string | null
  x: number
  y: number
  zIndex: number
  timestamp: number
  createdAt: number
}
