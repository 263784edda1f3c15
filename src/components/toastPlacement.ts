// Where toasts may sit over a screen's bottom controls (the wall's undo/zoom column and its actions):
// toasts are centred at the bottom, so on a narrow window they would cover those buttons and take their
// clicks. A toast narrows to fit between them while it still reads well; below that it rises above them.

export interface Box {
  left: number
  right: number
  top: number
}

export interface ToastPlacement {
  /** The widest a toast may be, in CSS px; null when the usual width fits. */
  maxWidth: number | null
  /** How far above its usual place the toast stack rises, in CSS px. */
  lift: number
}

const USUAL_WIDTH = 440
const EDGE = 12
const GAP = 8
/** Narrower than this, a toast's message and its button no longer share a line. */
const NARROWEST = 280

/** Where toasts go in a window `width` × `height` whose bottom controls are `obstacles`. */
export function toastPlacement(width: number, height: number, obstacles: readonly Box[], bottom = 20): ToastPlacement {
  const centre = width / 2
  const usual = Math.min(USUAL_WIDTH, width - 2 * EDGE)
  // Half the room the centred toast has before it comes within GAP of a control on either side.
  const halfRoom = obstacles.reduce((room, box) => {
    if (box.right <= centre) return Math.min(room, centre - box.right - GAP)
    if (box.left >= centre) return Math.min(room, box.left - centre - GAP)
    return 0
  }, usual / 2 + GAP)
  if (2 * halfRoom >= usual) return { maxWidth: null, lift: 0 }
  if (2 * halfRoom >= NARROWEST) return { maxWidth: Math.floor(2 * halfRoom), lift: 0 }
  // Too tight: keep the usual width and rise above every control that band would cover.
  const band = { left: centre - usual / 2, right: centre + usual / 2 }
  const tops = obstacles.filter((box) => box.right > band.left && box.left < band.right).map((box) => box.top)
  if (tops.length === 0) return { maxWidth: null, lift: 0 }
  return { maxWidth: null, lift: Math.max(0, Math.ceil(height - Math.min(...tops) + GAP - bottom)) }
}
