// Camera math for the canvas (spec §9): a camera is a translation plus a zoom, screen = world × zoom +
// (x, y). Zoom is clamped to 0.2..1.5, starts at 0.75, and moves in steps of 0.2 (buttons, one wheel
// notch). Pure functions, so the gesture code stays small and this stays tested.
export const ZOOM = { min: 0.2, max: 1.5, initial: 0.75, step: 0.2 } as const

/** Where a canvas's camera starts (the first-screen read predicts the first screenful from it). */
export const CAMERA_HOME = { x: 24, y: 24, zoom: ZOOM.initial } as const

export interface CameraState {
  x: number
  y: number
  zoom: number
}

export interface Rect {
  left: number
  top: number
  right: number
  bottom: number
}

/** Rounded to 1e-6 so repeated steps land exactly on the bounds (0.75 − 3 × 0.2 is not 0.15 in floats). */
export function clampZoom(zoom: number): number {
  const rounded = Math.round(zoom * 1e6) / 1e6
  return Math.min(ZOOM.max, Math.max(ZOOM.min, rounded))
}

/** Zooms to `zoom` keeping the world point under the screen point (px, py) where it is. */
export function zoomAround(camera: CameraState, zoom: number, px: number, py: number): CameraState {
  const next = clampZoom(zoom)
  const worldX = (px - camera.x) / camera.zoom
  const worldY = (py - camera.y) / camera.zoom
  return { x: px - worldX * next, y: py - worldY * next, zoom: next }
}

/** One step in or out around the middle of a viewport of the given size. */
export function stepZoom(camera: CameraState, direction: 1 | -1, width: number, height: number): CameraState {
  return zoomAround(camera, camera.zoom + direction * ZOOM.step, width / 2, height / 2)
}

const PIXELS_PER_NOTCH = 100

/** A wheel event's zoom change: one notch (100 px) is one step; trackpads give smaller, smooth steps. */
export function wheelZoomDelta(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 40 : deltaMode === 2 ? deltaY * 800 : deltaY
  const change = (-pixels / PIXELS_PER_NOTCH) * ZOOM.step
  return Math.max(-ZOOM.step, Math.min(ZOOM.step, change))
}

export function screenToWorld(camera: CameraState, px: number, py: number): { x: number; y: number } {
  return { x: (px - camera.x) / camera.zoom, y: (py - camera.y) / camera.zoom }
}

/** The world area a viewport shows, grown by `margin` viewports on every side. */
export function visibleWorldRect(camera: CameraState, width: number, height: number, margin = 0): Rect {
  const topLeft = screenToWorld(camera, 0, 0)
  const worldWidth = width / camera.zoom
  const worldHeight = height / camera.zoom
  return {
    left: topLeft.x - worldWidth * margin,
    top: topLeft.y - worldHeight * margin,
    right: topLeft.x + worldWidth * (1 + margin),
    bottom: topLeft.y + worldHeight * (1 + margin),
  }
}

/** Grows a rect outward to a grid of `cell`, so small pans do not change it. */
export function snapRect(rect: Rect, cell: number): Rect {
  return {
    left: Math.floor(rect.left / cell) * cell,
    top: Math.floor(rect.top / cell) * cell,
    right: Math.ceil(rect.right / cell) * cell,
    bottom: Math.ceil(rect.bottom / cell) * cell,
  }
}

export function sameRect(a: Rect | null, b: Rect | null): boolean {
  return Boolean(a && b && a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom)
}

export function touchesRect(rect: Rect, item: { x: number; y: number; width: number; height: number }): boolean {
  return item.x < rect.right && item.x + item.width > rect.left && item.y < rect.bottom && item.y + item.height > rect.top
}
