// The vocabulary of the canvas's gestures: the events the DOM adapter feeds in, the effects it applies,
// and the state in between. Plain data, so `gestureStep` stays pure and its tests read like a script.
export interface Point {
  x: number
  y: number
}

export interface ItemPosition {
  x: number
  y: number
  zIndex: number
}

/** What a press landed on, as the adapter found it in the DOM. */
export type PressTarget =
  | { kind: 'canvas' }
  /** A button, link or field inside the canvas: it keeps its own click, but a second finger still pinches. */
  | { kind: 'control' }
  | { kind: 'item'; id: string; x: number; y: number; draggable: boolean }

export type GestureEvent =
  | {
      type: 'down'
      pointerId: number
      pointerType: string
      /** False for a mouse's other buttons: they start nothing. */
      primary: boolean
      point: Point
      time: number
      target: PressTarget
      /** The highest z-index on the canvas now (a drag raises the item above it). */
      topZ: number
      /** False in the preview: a press on a card never pans (spec §4). */
      panOnItems: boolean
      zoom: number
    }
  | { type: 'move'; pointerId: number; point: Point; time: number; zoom: number }
  | { type: 'up'; pointerId: number; cancelled: boolean }
  /** The hold timer asked for by `startHoldTimer` ran out. */
  | { type: 'hold'; pointerId: number; time: number }
  | { type: 'escape' }
  | { type: 'wheel'; point: Point; deltaY: number; deltaMode: number; zoom: number }
  | { type: 'click' }

export type GestureEffect =
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'zoomAt'; zoom: number; x: number; y: number }
  | { type: 'startHoldTimer'; pointerId: number; ms: number }
  | { type: 'clearHoldTimer' }
  /** An item starts moving: raise it to `zIndex`; `touch` when a finger lifted it (a small buzz). */
  | { type: 'lift'; id: string; zIndex: number; touch: boolean }
  | { type: 'moveItem'; id: string; x: number; y: number }
  /** The lifted item lands: save its new position (and put it back if the save fails). */
  | { type: 'drop'; id: string; position: ItemPosition }
  /** The lifted item goes back where it was, nothing saved. */
  | { type: 'putBack'; id: string }
  /** A finger held an item still: show its actions. */
  | { type: 'longPress'; id: string }
  /** The grabbing look while the background is being dragged. */
  | { type: 'panning'; active: boolean }
  | { type: 'preventDefault' }
  | { type: 'stopPropagation' }

export type Mode =
  | { kind: 'idle' }
  /** The pointer does nothing until it lifts (a press on a control, or where panning is off). */
  | { kind: 'ignored'; pointerId: number }
  /** Down on an item; not yet a drag, a pan or a long press. */
  | {
      kind: 'press'
      pointerId: number
      pointerType: string
      start: Point
      startedAt: number
      item: { id: string; x: number; y: number; draggable: boolean }
      topZ: number
      panOnItems: boolean
    }
  /** A finger held an item that it may not move: lifting it now is a long press. */
  | { kind: 'held'; pointerId: number; id: string; start: Point; panOnItems: boolean }
  | {
      kind: 'drag'
      pointerId: number
      touch: boolean
      start: Point
      id: string
      origin: Point
      zIndex: number
      position: Point
      /** How far the pointer has been from where it started (a finger that stayed put long-pressed). */
      farthest: number
    }
  | { kind: 'pan'; pointerId: number; last: Point; moved: number }
  | { kind: 'pinch'; ids: [number, number]; distance: number; zoom: number; mid: Point }

export interface GestureState {
  /** Where each pointer now on the canvas is, in viewport pixels. */
  pointers: Readonly<Record<number, Point>>
  mode: Mode
  /** The click that ends this gesture must not reach the card (it was a drag, a pan or a pinch). */
  suppressClick: boolean
  /** The camera's zoom when the last event that carried it arrived (pinches scale from it). */
  zoom: number
}

export interface GestureResult {
  state: GestureState
  effects: GestureEffect[]
}
