// Where a picture shown with object-fit: contain really sits inside its box (letterboxing), and boxes
// given as percentages of the picture clamped to it. Outfit analysis boxes (spec §3, percentages of
// the photo) are drawn in a layer placed at this rectangle, so they land on the garments exactly.

export interface Size {
  width: number
  height: number
}

/** A rectangle in percent of its container. */
export interface PercentRect {
  left: number
  top: number
  width: number
  height: number
}

const FULL: PercentRect = { left: 0, top: 0, width: 100, height: 100 }

/** The part of a `frame` that a picture of `natural` size covers under object-fit: contain. */
export function containedRect(natural: Size, frame: Size): PercentRect {
  if (natural.width <= 0 || natural.height <= 0 || frame.width <= 0 || frame.height <= 0) return FULL
  const pictureRatio = natural.width / natural.height
  const frameRatio = frame.width / frame.height
  if (pictureRatio > frameRatio) {
    const height = (frameRatio / pictureRatio) * 100
    return { left: 0, top: (100 - height) / 2, width: 100, height }
  }
  const width = (pictureRatio / frameRatio) * 100
  return { left: (100 - width) / 2, top: 0, width, height: 100 }
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Number.isFinite(value) ? value : min))

/** A box of percentages kept inside the picture (engines can overshoot an edge). */
export function clampBox(box: { x: number; y: number; width: number; height: number }): PercentRect {
  const left = clamp(box.x, 0, 100)
  const top = clamp(box.y, 0, 100)
  return { left, top, width: clamp(box.width, 0, 100 - left), height: clamp(box.height, 0, 100 - top) }
}
