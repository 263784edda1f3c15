// When a press on a canvas item becomes a drag (spec §9): a mouse or pen after moving 5 px; a finger
// after a 250 ms hold that stayed within 5 px. A finger that moves sooner was panning, not dragging.
export const DRAG_ACTIVATION = { distance: 5, touchDelayMs: 250, touchTolerance: 5 } as const

export type Activation = 'wait' | 'drag' | 'abandon'

export function activationFor(pointerType: string, distance: number, heldMs: number): Activation {
  if (pointerType !== 'touch') return distance > DRAG_ACTIVATION.distance ? 'drag' : 'wait'
  if (distance > DRAG_ACTIVATION.touchTolerance) return heldMs >= DRAG_ACTIVATION.touchDelayMs ? 'drag' : 'abandon'
  return heldMs >= DRAG_ACTIVATION.touchDelayMs ? 'drag' : 'wait'
}
