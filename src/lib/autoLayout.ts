// The owner's automatic layout (spec §2, §9): polaroids that still sit at (0,0), where new ones start,
// are dealt into a grid of 250×300 slots with 50 px gaps, as many columns as fit in 80% of the window
// (at least one). Slots already covered by a placed polaroid are skipped, so nothing lands on top of
// the owner's own arrangement.
const LAYOUT_SLOT = { width: 250, height: 300, gap: 50 } as const

export interface Placed {
  id: string
  x: number
  y: number
}

export function layoutColumns(windowWidth: number): number {
  return Math.max(1, Math.floor((windowWidth * 0.8) / (LAYOUT_SLOT.width + LAYOUT_SLOT.gap)))
}

/** Slot `index` of the grid; the first slot starts one gap in from the origin, so it is never (0,0). */
export function slotPosition(index: number, columns: number): { x: number; y: number } {
  const { width, height, gap } = LAYOUT_SLOT
  const column = index % columns
  const row = Math.floor(index / columns)
  return { x: gap + column * (width + gap), y: gap + row * (height + gap) }
}

export function isAtOrigin(item: { x: number; y: number }): boolean {
  return item.x === 0 && item.y === 0
}

function overlaps(a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  const { width, height } = LAYOUT_SLOT
  return a.x < b.x + width && b.x < a.x + width && a.y < b.y + height && b.y < a.y + height
}

/** New positions for the items at (0,0), in the order given; items elsewhere keep theirs. */
export function autoLayout(items: readonly Placed[], windowWidth: number): Placed[] {
  const columns = layoutColumns(windowWidth)
  const placed = items.filter((item) => !isAtOrigin(item))
  const moved: Placed[] = []
  let slot = 0
  for (const item of items) {
    if (!isAtOrigin(item)) continue
    let position = slotPosition(slot, columns)
    while (placed.some((p) => overlaps(p, position))) position = slotPosition(++slot, columns)
    moved.push({ id: item.id, ...position })
    slot += 1
  }
  return moved
}
