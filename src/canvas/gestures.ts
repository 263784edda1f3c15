// Pointer gestures on the canvas, as plain DOM listeners (no React state per frame): drag the
// background to pan, pinch with two fingers to zoom, the wheel to zoom at the cursor, and drag items.
// An item drag starts after 5 px with a mouse or a 250 ms hold with a finger (lib/dragActivation),
// raises the item to the top, follows the pointer by transform only, and on drop hands the position
// to `move`. Escape or a cancelled pointer puts the item back; so does a `move` that throws.
import { wheelZoomDelta } from '@/lib/camera'
import { DRAG_ACTIVATION, activationFor } from '@/lib/dragActivation'
import type { Camera } from './Camera'
import { itemTransform } from './itemTransform'

export interface GestureItem {
  id: string
  x: number
  y: number
  zIndex: number
  draggable: boolean
}

export interface ItemPosition {
  x: number
  y: number
  zIndex: number
}

export interface GestureOptions {
  camera: Camera
  item(id: string): GestureItem | undefined
  /** The highest z-index on the canvas (drag start raises above it). */
  topZIndex(): number
  raiseTo(zIndex: number): void
  move(id: string, position: ItemPosition): Promise<void> | void
  /** False in the preview: a press on a card never pans (spec §4). */
  panOnItems(): boolean
  /** Tells the canvas which item is being dragged, so it stays rendered. */
  dragging(id: string | null): void
  /** Each step of a drag, and null at its end (dropped or cancelled); must return at once. */
  dragStep?(id: string, position: { x: number; y: number } | null): void
  classes: { dragging: string; active: string }
}

type Point = { x: number; y: number }

type State =
  | { kind: 'idle' }
  | { kind: 'ignored'; pointerId: number }
  | {
      kind: 'pending'
      pointerId: number
      pointerType: string
      start: Point
      startedAt: number
      el: HTMLElement
      id: string
      timer: ReturnType<typeof setTimeout> | null
    }
  | {
      kind: 'drag'
      pointerId: number
      start: Point
      el: HTMLElement
      id: string
      origin: { x: number; y: number; transform: string; zIndex: string }
      zIndex: number
      position: Point
    }
  | { kind: 'pan'; pointerId: number; last: Point; moved: number }
  | { kind: 'pinch'; ids: [number, number]; distance: number; zoom: number; mid: Point }

const INTERACTIVE = 'button, a, input, textarea, select, label, [data-no-drag]'

export function attachGestures(viewport: HTMLElement, options: GestureOptions): () => void {
  const { camera } = options
  const pointers = new Map<number, Point>()
  let state: State = { kind: 'idle' }
  let suppressClick = false

  // The viewport's place on the page, read once per gesture: reading it on every move would force a
  // style and layout pass right after each transform write.
  let origin: Point | null = null
  const local = (event: { clientX: number; clientY: number }): Point => {
    if (!origin) {
      const rect = viewport.getBoundingClientRect()
      origin = { x: rect.left, y: rect.top }
    }
    return { x: event.clientX - origin.x, y: event.clientY - origin.y }
  }
  const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

  function startDrag(pending: Extract<State, { kind: 'pending' }>): void {
    const item = options.item(pending.id)
    if (!item) {
      state = { kind: 'idle' }
      return
    }
    const zIndex = options.topZIndex() + 1
    options.raiseTo(zIndex)
    const el = pending.el
    const origin = { x: item.x, y: item.y, transform: el.style.transform, zIndex: el.style.zIndex }
    el.style.zIndex = String(zIndex)
    el.classList.add(options.classes.dragging)
    viewport.classList.add(options.classes.active)
    options.dragging(item.id)
    state = {
      kind: 'drag',
      pointerId: pending.pointerId,
      start: pending.start,
      el,
      id: item.id,
      origin,
      zIndex,
      position: { x: item.x, y: item.y },
    }
    if (pending.pointerType === 'touch') navigator.vibrate?.(8)
  }

  function endDrag(drag: Extract<State, { kind: 'drag' }>, keep: boolean): void {
    drag.el.classList.remove(options.classes.dragging)
    viewport.classList.remove(options.classes.active)
    if (!keep) putBack(drag)
    options.dragging(null)
    options.dragStep?.(drag.id, null)
  }

  function putBack(drag: Extract<State, { kind: 'drag' }>): void {
    drag.el.style.transform = drag.origin.transform
    drag.el.style.zIndex = drag.origin.zIndex
  }

  function drop(drag: Extract<State, { kind: 'drag' }>): void {
    endDrag(drag, true)
    const moved = drag.position.x !== drag.origin.x || drag.position.y !== drag.origin.y
    if (!moved) {
      putBack(drag)
      return
    }
    suppressClick = true
    const position = { x: drag.position.x, y: drag.position.y, zIndex: drag.zIndex }
    try {
      const saving = options.move(drag.id, position)
      if (saving) saving.catch(() => putBack(drag))
    } catch {
      putBack(drag)
    }
  }

  function cancel(): void {
    if (state.kind === 'drag') {
      endDrag(state, false)
      state = { kind: 'ignored', pointerId: state.pointerId }
    } else if (state.kind === 'pending') {
      if (state.timer) clearTimeout(state.timer)
      state = { kind: 'idle' }
    }
  }

  function startPinch(): void {
    cancel()
    const [a, b] = [...pointers.entries()]
    if (!a || !b) return
    state = {
      kind: 'pinch',
      ids: [a[0], b[0]],
      distance: Math.max(1, distance(a[1], b[1])),
      zoom: camera.state.zoom,
      mid: { x: (a[1].x + b[1].x) / 2, y: (a[1].y + b[1].y) / 2 },
    }
  }

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    const target = event.target as HTMLElement
    if (target.closest(INTERACTIVE)) return
    if (pointers.size === 0) origin = null
    pointers.set(event.pointerId, local(event))
    listen()
    if (pointers.size >= 2) {
      startPinch()
      return
    }
    const el = target.closest<HTMLElement>('[data-canvas-item]')
    const item = el ? options.item(el.dataset.canvasItem ?? '') : undefined
    const point = local(event)
    if (el && item?.draggable) {
      const pending: Extract<State, { kind: 'pending' }> = {
        kind: 'pending',
        pointerId: event.pointerId,
        pointerType: event.pointerType,
        start: point,
        startedAt: performance.now(),
        el,
        id: item.id,
        timer: null,
      }
      if (event.pointerType === 'touch') {
        pending.timer = setTimeout(() => {
          if (state === pending) startDrag(pending)
        }, DRAG_ACTIVATION.touchDelayMs)
      }
      state = pending
    } else if (el && !options.panOnItems()) {
      state = { kind: 'ignored', pointerId: event.pointerId }
    } else {
      state = { kind: 'pan', pointerId: event.pointerId, last: point, moved: 0 }
    }
  }

  const onPointerMove = (event: PointerEvent) => {
    if (!pointers.has(event.pointerId)) return
    const point = local(event)
    pointers.set(event.pointerId, point)
    if (state.kind === 'pending' && state.pointerId === event.pointerId) {
      const activation = activationFor(state.pointerType, distance(point, state.start), performance.now() - state.startedAt)
      if (activation === 'wait') return
      if (state.timer) clearTimeout(state.timer)
      if (activation === 'drag') startDrag(state)
      else if (options.panOnItems()) state = { kind: 'pan', pointerId: event.pointerId, last: state.start, moved: 0 }
      else state = { kind: 'ignored', pointerId: event.pointerId }
    }
    if (state.kind === 'drag' && state.pointerId === event.pointerId) {
      event.preventDefault()
      const zoom = camera.state.zoom
      const x = Math.round(state.origin.x + (point.x - state.start.x) / zoom)
      const y = Math.round(state.origin.y + (point.y - state.start.y) / zoom)
      state.position = { x, y }
      state.el.style.transform = itemTransform(x, y)
      options.dragStep?.(state.id, state.position)
    } else if (state.kind === 'pan' && state.pointerId === event.pointerId) {
      const dx = point.x - state.last.x
      const dy = point.y - state.last.y
      state.last = point
      state.moved += Math.abs(dx) + Math.abs(dy)
      if (state.moved > DRAG_ACTIVATION.distance) viewport.classList.add(options.classes.active)
      camera.panBy(dx, dy)
    } else if (state.kind === 'pinch') {
      const a = pointers.get(state.ids[0])
      const b = pointers.get(state.ids[1])
      if (!a || !b) return
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }
      camera.panBy(mid.x - state.mid.x, mid.y - state.mid.y)
      camera.zoomAt(state.zoom * (distance(a, b) / state.distance), mid.x, mid.y)
      state.mid = mid
    }
  }

  const onPointerUp = (event: PointerEvent) => {
    if (!pointers.delete(event.pointerId)) return
    const cancelled = event.type === 'pointercancel'
    if (state.kind === 'drag' && state.pointerId === event.pointerId) {
      if (cancelled) endDrag(state, false)
      else drop(state)
      state = { kind: 'idle' }
    } else if (state.kind === 'pending' && state.pointerId === event.pointerId) {
      if (state.timer) clearTimeout(state.timer)
      state = { kind: 'idle' }
    } else if (state.kind === 'pan' && state.pointerId === event.pointerId) {
      if (state.moved > DRAG_ACTIVATION.distance) suppressClick = true
      viewport.classList.remove(options.classes.active)
      state = { kind: 'idle' }
    } else if (state.kind === 'pinch') {
      suppressClick = true
      state = pointers.size === 0 ? { kind: 'idle' } : { kind: 'ignored', pointerId: [...pointers.keys()][0]! }
    } else if (state.kind === 'ignored' && state.pointerId === event.pointerId) {
      state = { kind: 'idle' }
    }
    if (pointers.size === 0) unlisten()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && state.kind === 'drag') {
      event.preventDefault()
      event.stopPropagation()
      cancel()
    }
  }

  const onClickCapture = (event: MouseEvent) => {
    if (!suppressClick) return
    suppressClick = false
    event.preventDefault()
    event.stopPropagation()
  }

  const onWheel = (event: WheelEvent) => {
    event.preventDefault()
    if (pointers.size === 0) origin = null
    const point = local(event)
    camera.zoomAt(camera.state.zoom + wheelZoomDelta(event.deltaY, event.deltaMode), point.x, point.y)
  }

  // Images and links inside cards would otherwise start the browser's own drag-and-drop (and cancel
  // the pointer) on a mouse drag.
  const onNativeDrag = (event: Event) => event.preventDefault()

  const onContextMenu = (event: Event) => {
    // A long press on a card is a drag, not a request for the browser's menu.
    if ((event.target as HTMLElement).closest('[data-canvas-item]')) event.preventDefault()
  }

  let listening = false
  function listen(): void {
    if (listening) return
    listening = true
    window.addEventListener('pointermove', onPointerMove, { passive: false })
    window.addEventListener('pointerup', onPointerUp)
    window.addEventListener('pointercancel', onPointerUp)
    window.addEventListener('keydown', onKeyDown, true)
  }
  function unlisten(): void {
    if (!listening) return
    listening = false
    window.removeEventListener('pointermove', onPointerMove)
    window.removeEventListener('pointerup', onPointerUp)
    window.removeEventListener('pointercancel', onPointerUp)
    window.removeEventListener('keydown', onKeyDown, true)
  }

  viewport.addEventListener('pointerdown', onPointerDown)
  viewport.addEventListener('click', onClickCapture, true)
  viewport.addEventListener('wheel', onWheel, { passive: false })
  viewport.addEventListener('contextmenu', onContextMenu)
  viewport.addEventListener('dragstart', onNativeDrag)
  return () => {
    cancel()
    unlisten()
    viewport.removeEventListener('pointerdown', onPointerDown)
    viewport.removeEventListener('click', onClickCapture, true)
    viewport.removeEventListener('wheel', onWheel)
    viewport.removeEventListener('contextmenu', onContextMenu)
    viewport.removeEventListener('dragstart', onNativeDrag)
  }
}
