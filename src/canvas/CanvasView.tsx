// The pannable, zoomable surface shared by the wall and the guest preview. It positions whatever the
// screen renders for each item and only renders the items near the viewport, so a wall of thousands
// stays light. The camera and the gestures work on the DOM directly; React renders again only when
// the items change or the visible area crosses into new grid cells. No data access: the screen passes
// items in and saves moves through `onMove`. Render stays pure (React 19 may render and throw away):
// the refs the DOM handlers read are brought up to date in layout effects, after each commit.
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { sameRect, snapRect, touchesRect, visibleWorldRect, type Rect } from '@/lib/camera'
import type { Camera } from './Camera'
import { attachGestures, type ItemPosition } from './gestures'
import { itemTransform } from './itemTransform'
import { afterFirstScreen } from '@/lib/afterFirstScreen'
import styles from './CanvasView.module.css'
import { followZoomForPhotos } from './photoSizes'

export interface CanvasItem {
  id: string
  x: number
  y: number
  zIndex: number
  /** The item's footprint in world pixels, for deciding whether it is near the viewport. */
  width: number
  height: number
  /** May the current user move it? */
  draggable: boolean
  /** What a screen reader announces for the item. */
  label: string
}

export interface CanvasViewProps<T extends CanvasItem> {
  camera: Camera
  items: readonly T[]
  renderItem: (item: T) => ReactNode
  onMove?: (id: string, position: ItemPosition) => Promise<void> | void
  /** Enter on a focused item. */
  onOpen?: (id: string) => void
  /** A finger held an item still and let go (phones have no hover): show its actions. */
  onLongPress?: (id: string) => void
  /** False keeps a press on an item from panning (the preview). */
  panOnItems?: boolean
  /** Each step of a local drag, and null when it ends; called from the pointer handler, so keep it cheap. */
  onDragStep?: (id: string, position: { x: number; y: number } | null) => void
  /** Items other people are dragging right now: shown moving, outlined, with their chip. */
  remoteDrags?: RemoteDragFeed
  renderRemoteChip?: (by: string) => ReactNode
  label: string
  children?: ReactNode
}

/** Where other people are dragging items, read on animation frames rather than rendered per step. */
export interface RemoteDragFeed {
  subscribe(listener: () => void): () => void
  current(): ReadonlyMap<string, { x: number; y: number; by: string }>
}

/** Items within half a viewport of the screen are rendered; the area snaps to 512 px cells. */
const MARGIN = 0.5
const CELL = 512
const KEY_STEP = 10
const KEY_STEP_LARGE = 50

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return Boolean(el?.closest?.('input, textarea, select, [contenteditable="true"]'))
}

export function CanvasView<T extends CanvasItem>(props: CanvasViewProps<T>) {
  const { camera, items, renderItem, onMove, onOpen, onLongPress, panOnItems = true, label, children } = props
  const { onDragStep, remoteDrags, renderRemoteChip } = props
  const viewportRef = useRef<HTMLDivElement>(null)
  const layerRef = useRef<HTMLDivElement>(null)
  const hintId = useId()

  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items])
  const latest = useRef({ byId, onMove, onOpen, onLongPress, onDragStep, panOnItems })
  const topZ = useRef(0)
  // Where arrow keys last sent an item, until the saved position comes back in `items`: quick key
  // presses then build on each other instead of on a stale position.
  const keyMoves = useRef(new Map<string, { x: number; y: number; zIndex: number }>())
  useLayoutEffect(() => {
    latest.current = { byId, onMove, onOpen, onLongPress, onDragStep, panOnItems }
    topZ.current = Math.max(topZ.current, ...items.map((i) => i.zIndex), 0)
    for (const [id, target] of keyMoves.current) {
      const item = byId.get(id)
      if (!item || (item.x === target.x && item.y === target.y)) keyMoves.current.delete(id)
    }
  }, [byId, items, onMove, onOpen, onLongPress, onDragStep, panOnItems])

  // Kept out of state: starting a drag must not re-render the canvas. It only matters when the visible
  // area changes mid-drag (a wheel zoom, a pinch), so the area remembers which item was lifted then.
  const draggingId = useRef<string | null>(null)
  const [area, setArea] = useState<{ rect: Rect; keep: string | null }>(() => ({
    rect: visibleWorldRect(camera.state, window.innerWidth, window.innerHeight, 0),
    keep: null,
  }))

  const save = useCallback((id: string, position: ItemPosition) => {
    const move = latest.current.onMove
    if (!move) return Promise.reject(new Error('Not movable'))
    return Promise.resolve(move(id, position))
  }, [])

  useEffect(() => {
    const viewport = viewportRef.current
    const layer = layerRef.current
    if (!viewport || !layer) return
    camera.attach(viewport, layer)
    let size = camera.viewportSize()
    let current: Rect | null = null
    // The first paint shows only what is on screen (its photos load first); the margin around it,
    // which makes panning smooth, follows once the screen is shown.
    let margin = 0
    const track = () => {
      const next = margin ? snapRect(visibleWorldRect(camera.state, size.width, size.height, margin), CELL) : visibleWorldRect(camera.state, size.width, size.height, 0)
      if (!sameRect(current, next)) {
        current = next
        setArea({ rect: next, keep: draggingId.current })
      }
    }
    const unsubscribe = camera.subscribe(track)
    const stopPhotoSizes = followZoomForPhotos(camera, layer)
    const observer = new ResizeObserver(() => {
      size = camera.viewportSize()
      track()
    })
    observer.observe(viewport)
    track()
    const cancelMargin = afterFirstScreen(() => {
      margin = MARGIN
      track()
    })
    const detach = attachGestures(viewport, {
      camera,
      item: (id) => latest.current.byId.get(id),
      topZIndex: () => topZ.current,
      raiseTo: (z) => {
        topZ.current = Math.max(topZ.current, z)
      },
      move: save,
      panOnItems: () => latest.current.panOnItems,
      dragging: (id) => {
        draggingId.current = id
      },
      longPress: (id) => latest.current.onLongPress?.(id),
      dragStep: (id, position) => latest.current.onDragStep?.(id, position),
      classes: { dragging: styles.dragging!, active: styles.active! },
    })
    return () => {
      cancelMargin()
      detach()
      observer.disconnect()
      unsubscribe()
      stopPhotoSizes()
      camera.attach(null, null)
    }
  }, [camera, save])

  // Keyboard: +/- zoom and 0 resets anywhere on the page that is not a text field or a dialog.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return
      if (document.querySelector('dialog[open]')) return
      if (event.key === '+' || event.key === '=') camera.zoomIn({ durationMs: 200 })
      else if (event.key === '-' || event.key === '_') camera.zoomOut({ durationMs: 200 })
      else if (event.key === '0') camera.reset({ durationMs: 200 })
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [camera])

  const onItemKey = useCallback(
    (event: KeyboardEvent<HTMLDivElement>, item: CanvasItem) => {
      if (event.target !== event.currentTarget) return
      if (event.key === 'Enter' || event.key === ' ') {
        if (!latest.current.onOpen) return
        event.preventDefault()
        latest.current.onOpen(item.id)
        return
      }
      const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP
      const delta: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      }
      const d = delta[event.key]
      if (!d || !item.draggable) return
      event.preventDefault()
      const from = keyMoves.current.get(item.id) ?? item
      const zIndex = from.zIndex >= topZ.current ? from.zIndex : topZ.current + 1
      topZ.current = Math.max(topZ.current, zIndex)
      const target = { x: from.x + d[0], y: from.y + d[1], zIndex }
      keyMoves.current.set(item.id, target)
      void save(item.id, target).catch(() => keyMoves.current.delete(item.id))
    },
    [save],
  )

  const remoteChips = useRemoteDrags(remoteDrags, layerRef, latest, draggingId)

  // In a fixed order (by id), not the stacking order: CSS z-index stacks them, so raising a card on a
  // drop changes one style, where moving its element to the end of 2,000 siblings cost 40 ms or more of
  // style and layout (equal z-indexes now stack by id).
  const visible = useMemo(
    () => items.filter((item) => item.id === area.keep || touchesRect(area.rect, item)).sort(inIdOrder),
    [items, area],
  )

  return (
    <div ref={viewportRef} className={styles.viewport} role="region" aria-label={label} data-testid="canvas">
      <p id={hintId} className="visually-hidden">
        Arrow keys move the selected item; plus and minus zoom; 0 resets the view.
      </p>
      <div ref={layerRef} className={styles.layer} data-testid="canvas-layer">
        {visible.map((item) => (
          <CanvasItemView key={item.id} item={item} renderItem={renderItem} onKey={onItemKey} hintId={hintId} />
        ))}
        {renderRemoteChip &&
          remoteChips.map(({ item, by, x, y }) => (
            <div
              key={item}
              className={styles.remoteChip}
              data-remote-chip={item}
              data-testid="remote-drag-chip"
              style={{ transform: itemTransform(x, y) }}
              aria-hidden="true"
            >
              {renderRemoteChip(by)}
            </div>
          ))}
      </div>
      {children}
    </div>
  )
}

const REMOTE_DRAG_Z = 2147482000

function inIdOrder(a: CanvasItem, b: CanvasItem): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

type RemoteChip = { item: string; by: string; x: number; y: number }

function itemElement(layer: HTMLElement, attribute: string, id: string): HTMLElement | null {
  return layer.querySelector<HTMLElement>(`[${attribute}="${CSS.escape(id)}"]`)
}

/**
 * Moves the items others are dragging, once per animation frame however many steps arrive, straight
 * on the DOM like a local drag. React renders only when a drag starts or ends (for its chip). An
 * item the user is dragging themselves stays under their pointer.
 */
function useRemoteDrags(
  feed: RemoteDragFeed | undefined,
  layerRef: RefObject<HTMLDivElement | null>,
  latest: RefObject<{ byId: ReadonlyMap<string, CanvasItem> }>,
  draggingId: RefObject<string | null>,
): RemoteChip[] {
  const [chips, setChips] = useState<RemoteChip[]>([])
  useEffect(() => {
    if (!feed) return
    let frame = 0
    let shown = new Map<string, string>()
    const apply = () => {
      frame = 0
      const layer = layerRef.current
      if (!layer) return
      const current = feed.current()
      for (const [id] of shown) {
        if (current.has(id)) continue
        const el = itemElement(layer, 'data-canvas-item', id)
        const item = latest.current.byId.get(id)
        if (!el) continue
        el.removeAttribute('data-remote-drag')
        if (item && draggingId.current !== id) {
          el.style.transform = itemTransform(item.x, item.y)
          el.style.zIndex = String(item.zIndex)
        }
      }
      let changed = shown.size !== current.size
      for (const [id, drag] of current) {
        if (shown.get(id) !== drag.by) changed = true
        if (draggingId.current === id) continue
        const el = itemElement(layer, 'data-canvas-item', id)
        if (el) {
          el.style.transform = itemTransform(drag.x, drag.y)
          // Carried above the rest, as the dragger sees it (a drop saves the real z-index). Written
          // only when it changes: an attribute write invalidates style even when the value is equal.
          if (el.dataset.remoteDrag !== drag.by) {
            el.style.zIndex = String(REMOTE_DRAG_Z)
            el.setAttribute('data-remote-drag', drag.by)
          }
        }
        const chip = itemElement(layer, 'data-remote-chip', id)
        if (chip) chip.style.transform = itemTransform(drag.x, drag.y)
      }
      if (changed) {
        shown = new Map([...current].map(([id, drag]) => [id, drag.by]))
        setChips([...current].map(([item, drag]) => ({ item, by: drag.by, x: drag.x, y: drag.y })))
      }
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(apply)
    }
    const unsubscribe = feed.subscribe(schedule)
    schedule()
    return () => {
      unsubscribe()
      cancelAnimationFrame(frame)
    }
  }, [feed, layerRef, latest, draggingId])
  return chips
}

interface ItemViewProps<T extends CanvasItem> {
  item: T
  renderItem: (item: T) => ReactNode
  onKey: (event: KeyboardEvent<HTMLDivElement>, item: CanvasItem) => void
  hintId: string
}

function ItemView<T extends CanvasItem>({ item, renderItem, onKey, hintId }: ItemViewProps<T>) {
  return (
    <div
      className={[styles.item, item.draggable ? styles.movable : ''].join(' ')}
      data-canvas-item={item.id}
      data-x={item.x}
      data-y={item.y}
      data-z={item.zIndex}
      role="group"
      aria-label={item.label}
      aria-describedby={item.draggable ? hintId : undefined}
      tabIndex={0}
      style={{ transform: itemTransform(item.x, item.y), zIndex: item.zIndex }}
      onKeyDown={(event) => onKey(event, item)}
    >
      {renderItem(item)}
    </div>
  )
}

/** Re-renders an item only when one of its own fields changed (live queries hand out new objects). */
function sameItem<T extends CanvasItem>(a: ItemViewProps<T>, b: ItemViewProps<T>): boolean {
  if (a.renderItem !== b.renderItem || a.onKey !== b.onKey || a.hintId !== b.hintId) return false
  if (a.item === b.item) return true
  const keys = Object.keys(a.item) as Array<keyof T>
  if (keys.length !== Object.keys(b.item).length) return false
  return keys.every((key) => Object.is(a.item[key], b.item[key]))
}

const CanvasItemView = memo(ItemView, sameItem) as typeof ItemView
