// The DOM side of the canvas's gestures (no React state per frame): it turns pointer, wheel, key and
// click events into `gestureStep` events and applies the effects it returns to the camera and to the
// items' elements. Every decision (drag or pan, pinch, long press, which click to swallow) is made in
// the pure `gestureStep`; this file only finds elements, keeps timers and writes styles.
import type { Camera } from './Camera'
import { gestureStep, initialGestureState } from './gestureStep'
import type { GestureEffect, GestureEvent, GestureState, ItemPosition, Point, PressTarget } from './gestureTypes'
import { itemTransform } from './itemTransform'

export type { ItemPosition } from './gestureTypes'

interface GestureItem {
  id: string
  x: number
  y: number
  zIndex: number
  draggable: boolean
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
  /** A finger held an item still and let go: show its actions. */
  longPress(id: string): void
  /** Each step of a drag, and null at its end (dropped or cancelled); must return at once. */
  dragStep?(id: string, position: { x: number; y: number } | null): void
  classes: { dragging: string; active: string }
}

const INTERACTIVE = 'button, a, input, textarea, select, label, [data-no-drag]'

/** A lifted item's element and the styles it had, to put it back. */
interface Lifted {
  el: HTMLElement
  transform: string
  zIndex: string
}

export function attachGestures(viewport: HTMLElement, options: GestureOptions): () => void {
  const { camera } = options
  let state: GestureState = initialGestureState(camera.state.zoom)
  let holdTimer: ReturnType<typeof setTimeout> | null = null
  const pressed = new Map<number, HTMLElement>()
  const lifted = new Map<string, Lifted>()

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

  function clearHold(): void {
    if (holdTimer) clearTimeout(holdTimer)
    holdTimer = null
  }

  const restore = (item: Lifted) => {
    item.el.style.transform = item.transform
    item.el.style.zIndex = item.zIndex
  }

  /** The drag is over: the item loses its lifted look and leaves the map. */
  function land(id: string): Lifted | undefined {
    const item = lifted.get(id)
    lifted.delete(id)
    item?.el.classList.remove(options.classes.dragging)
    viewport.classList.remove(options.classes.active)
    options.dragging(null)
    options.dragStep?.(id, null)
    return item
  }

  function apply(effect: GestureEffect, event: Event | null): void {
    switch (effect.type) {
      case 'pan':
        camera.panBy(effect.dx, effect.dy)
        break
      case 'zoomAt':
        camera.zoomAt(effect.zoom, effect.x, effect.y)
        break
      case 'startHoldTimer':
        clearHold()
        holdTimer = setTimeout(() => {
          holdTimer = null
          dispatch({ type: 'hold', pointerId: effect.pointerId, time: performance.now() }, null)
        }, effect.ms)
        break
      case 'clearHoldTimer':
        clearHold()
        break
      case 'lift': {
        const el = [...pressed.values()].find((e) => e.dataset.canvasItem === effect.id)
        if (!el) break
        lifted.set(effect.id, { el, transform: el.style.transform, zIndex: el.style.zIndex })
        options.raiseTo(effect.zIndex)
        el.style.zIndex = String(effect.zIndex)
        el.classList.add(options.classes.dragging)
        viewport.classList.add(options.classes.active)
        options.dragging(effect.id)
        if (effect.touch) navigator.vibrate?.(8)
        break
      }
      case 'moveItem': {
        const item = lifted.get(effect.id)
        if (item) item.el.style.transform = itemTransform(effect.x, effect.y)
        options.dragStep?.(effect.id, { x: effect.x, y: effect.y })
        break
      }
      case 'drop': {
        const item = land(effect.id)
        const back = () => item && restore(item)
        try {
          const saving = options.move(effect.id, effect.position)
          if (saving) saving.catch(back)
        } catch {
          back()
        }
        break
      }
      case 'putBack': {
        const item = land(effect.id)
        if (item) restore(item)
        break
      }
      case 'longPress':
        options.longPress(effect.id)
        break
      case 'panning':
        viewport.classList.toggle(options.classes.active, effect.active)
        break
      case 'preventDefault':
        event?.preventDefault()
        break
      case 'stopPropagation':
        event?.stopPropagation()
        break
    }
  }

  function dispatch(gestureEvent: GestureEvent, event: Event | null): void {
    const result = gestureStep(state, gestureEvent)
    state = result.state
    for (const effect of result.effects) apply(effect, event)
    if (Object.keys(state.pointers).length === 0) {
      pressed.clear()
      unlisten()
    }
  }

  function targetOf(el: HTMLElement): PressTarget {
    if (el.closest(INTERACTIVE)) return { kind: 'control' }
    const itemEl = el.closest<HTMLElement>('[data-canvas-item]')
    const item = itemEl ? options.item(itemEl.dataset.canvasItem ?? '') : undefined
    if (!itemEl || !item) return { kind: 'canvas' }
    return { kind: 'item', id: item.id, x: item.x, y: item.y, draggable: item.draggable }
  }

  const onPointerDown = (event: PointerEvent) => {
    const target = event.target as HTMLElement
    if (Object.keys(state.pointers).length === 0) origin = null
    const itemEl = target.closest<HTMLElement>('[data-canvas-item]')
    if (itemEl) pressed.set(event.pointerId, itemEl)
    listen()
    dispatch(
      {
        type: 'down',
        pointerId: event.pointerId,
        pointerType: event.pointerType,
        primary: event.pointerType !== 'mouse' || event.button === 0,
        point: local(event),
        time: performance.now(),
        target: targetOf(target),
        topZ: options.topZIndex(),
        panOnItems: options.panOnItems(),
        zoom: camera.state.zoom,
      },
      event,
    )
  }

  const onPointerMove = (event: PointerEvent) => {
    if (!(event.pointerId in state.pointers)) return
    dispatch({ type: 'move', pointerId: event.pointerId, point: local(event), time: performance.now(), zoom: camera.state.zoom }, event)
  }

  const onPointerUp = (event: PointerEvent) => {
    dispatch({ type: 'up', pointerId: event.pointerId, cancelled: event.type === 'pointercancel' }, event)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') dispatch({ type: 'escape' }, event)
  }

  const onClickCapture = (event: MouseEvent) => dispatch({ type: 'click' }, event)

  const onWheel = (event: WheelEvent) => {
    if (Object.keys(state.pointers).length === 0) origin = null
    dispatch({ type: 'wheel', point: local(event), deltaY: event.deltaY, deltaMode: event.deltaMode, zoom: camera.state.zoom }, event)
  }

  // Images and links inside cards would otherwise start the browser's own drag-and-drop (and cancel
  // the pointer) on a mouse drag.
  const onNativeDrag = (event: Event) => event.preventDefault()

  const onContextMenu = (event: Event) => {
    // A long press on a card shows Moori's own actions, not the browser's menu.
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
    clearHold()
    for (const id of [...lifted.keys()]) apply({ type: 'putBack', id }, null)
    unlisten()
    viewport.removeEventListener('pointerdown', onPointerDown)
    viewport.removeEventListener('click', onClickCapture, true)
    viewport.removeEventListener('wheel', onWheel)
    viewport.removeEventListener('contextmenu', onContextMenu)
    viewport.removeEventListener('dragstart', onNativeDrag)
  }
}
