// The canvas's gestures as one pure state machine: `gestureStep(state, event)` returns the next state
// and the effects to apply (pan, zoom, lift/move/drop an item, a long press, timers, default actions).
// No DOM and no clock in here, so every rule is unit tested; `gestures.ts` is the thin DOM adapter.
import { wheelZoomDelta } from '@/lib/camera'
import { DRAG_ACTIVATION, activationFor } from '@/lib/dragActivation'
import type { GestureEffect, GestureEvent, GestureResult, GestureState, Mode, Point } from './gestureTypes'

export const initialGestureState = (zoom: number): GestureState => ({
  pointers: {},
  mode: { kind: 'idle' },
  suppressClick: false,
  zoom,
})

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 })

function pointerIds(pointers: GestureState['pointers']): number[] {
  return Object.keys(pointers).map(Number)
}

function without(pointers: GestureState['pointers'], id: number): GestureState['pointers'] {
  const next = { ...pointers }
  delete next[id]
  return next
}

/** Ends whatever one pointer was doing, for a second finger that turns it into a pinch. */
function abandon(mode: Mode): GestureEffect[] {
  switch (mode.kind) {
    case 'press':
      return [{ type: 'clearHoldTimer' }]
    case 'drag':
      return [{ type: 'putBack', id: mode.id }]
    case 'pan':
      return [{ type: 'panning', active: false }]
    default:
      return []
  }
}

function pinchOf(pointers: GestureState['pointers'], zoom: number): Mode {
  const [a, b] = pointerIds(pointers)
  const pa = pointers[a!]!
  const pb = pointers[b!]!
  return { kind: 'pinch', ids: [a!, b!], distance: Math.max(1, distance(pa, pb)), zoom, mid: midpoint(pa, pb) }
}

function onDown(state: GestureState, event: Extract<GestureEvent, { type: 'down' }>): GestureResult {
  if (!event.primary) return { state, effects: [] }
  const first = pointerIds(state.pointers).length === 0
  const pointers = { ...state.pointers, [event.pointerId]: event.point }
  // A new gesture: whatever the last one wanted to swallow was a click that never came.
  const suppressClick = first ? false : state.suppressClick
  const zoom = event.zoom
  if (pointerIds(pointers).length >= 2) {
    const effects = abandon(state.mode)
    const mode = pointerIds(pointers).length === 2 ? pinchOf(pointers, zoom) : state.mode
    return { state: { ...state, pointers, mode, suppressClick, zoom }, effects }
  }
  const base = { ...state, pointers, suppressClick, zoom }
  const { target, pointerId, pointerType, point } = event
  if (target.kind === 'control') return { state: { ...base, mode: { kind: 'ignored', pointerId } }, effects: [] }
  if (target.kind === 'item') {
    const touch = pointerType === 'touch'
    if (touch || target.draggable) {
      const mode: Mode = {
        kind: 'press',
        pointerId,
        pointerType,
        start: point,
        startedAt: event.time,
        item: { id: target.id, x: target.x, y: target.y, draggable: target.draggable },
        topZ: event.topZ,
        panOnItems: event.panOnItems,
      }
      const effects: GestureEffect[] = touch ? [{ type: 'startHoldTimer', pointerId, ms: DRAG_ACTIVATION.touchDelayMs }] : []
      return { state: { ...base, mode }, effects }
    }
    if (!event.panOnItems) return { state: { ...base, mode: { kind: 'ignored', pointerId } }, effects: [] }
  }
  return { state: { ...base, mode: { kind: 'pan', pointerId, last: point, moved: 0 } }, effects: [] }
}

function lift(press: Extract<Mode, { kind: 'press' }>, touch: boolean): { mode: Mode; effects: GestureEffect[] } {
  const zIndex = press.topZ + 1
  return {
    mode: {
      kind: 'drag',
      pointerId: press.pointerId,
      touch,
      start: press.start,
      id: press.item.id,
      origin: { x: press.item.x, y: press.item.y },
      zIndex,
      position: { x: press.item.x, y: press.item.y },
      farthest: 0,
    },
    effects: [{ type: 'lift', id: press.item.id, zIndex, touch }],
  }
}

function onMove(state: GestureState, event: Extract<GestureEvent, { type: 'move' }>): GestureResult {
  if (!(event.pointerId in state.pointers)) return { state, effects: [] }
  const pointers = { ...state.pointers, [event.pointerId]: event.point }
  let next: GestureState = { ...state, pointers, zoom: event.zoom }
  const effects: GestureEffect[] = []
  let mode = next.mode

  if (mode.kind === 'press' && mode.pointerId === event.pointerId) {
    const activation = activationFor(mode.pointerType, distance(event.point, mode.start), event.time - mode.startedAt)
    if (activation === 'wait') return { state: next, effects }
    effects.push({ type: 'clearHoldTimer' })
    if (activation === 'drag' && mode.item.draggable) {
      const lifted = lift(mode, mode.pointerType === 'touch')
      effects.push(...lifted.effects)
      mode = lifted.mode
    } else if (mode.panOnItems) {
      // Panning from where the finger went down, so the movement so far is not lost.
      mode = { kind: 'pan', pointerId: event.pointerId, last: mode.start, moved: 0 }
    } else {
      mode = { kind: 'ignored', pointerId: event.pointerId }
    }
    next = { ...next, mode }
  }

  if (mode.kind === 'held' && mode.pointerId === event.pointerId) {
    if (distance(event.point, mode.start) <= DRAG_ACTIVATION.touchTolerance) return { state: next, effects }
    mode = mode.panOnItems
      ? { kind: 'pan', pointerId: event.pointerId, last: mode.start, moved: 0 }
      : { kind: 'ignored', pointerId: event.pointerId }
    next = { ...next, mode }
  }

  if (mode.kind === 'drag' && mode.pointerId === event.pointerId) {
    const x = Math.round(mode.origin.x + (event.point.x - mode.start.x) / event.zoom)
    const y = Math.round(mode.origin.y + (event.point.y - mode.start.y) / event.zoom)
    const farthest = Math.max(mode.farthest, distance(event.point, mode.start))
    effects.push({ type: 'preventDefault' }, { type: 'moveItem', id: mode.id, x, y })
    return { state: { ...next, mode: { ...mode, position: { x, y }, farthest } }, effects }
  }

  if (mode.kind === 'pan' && mode.pointerId === event.pointerId) {
    const dx = event.point.x - mode.last.x
    const dy = event.point.y - mode.last.y
    const moved = mode.moved + Math.abs(dx) + Math.abs(dy)
    if (mode.moved <= DRAG_ACTIVATION.distance && moved > DRAG_ACTIVATION.distance) {
      effects.push({ type: 'panning', active: true })
    }
    if (dx !== 0 || dy !== 0) effects.push({ type: 'pan', dx, dy })
    return { state: { ...next, mode: { ...mode, last: event.point, moved } }, effects }
  }

  if (mode.kind === 'pinch' && mode.ids.includes(event.pointerId)) {
    const a = pointers[mode.ids[0]]
    const b = pointers[mode.ids[1]]
    if (!a || !b) return { state: next, effects }
    const mid = midpoint(a, b)
    // Two fingers moving together pan; moving apart or together zoom around their midpoint.
    effects.push(
      { type: 'pan', dx: mid.x - mode.mid.x, dy: mid.y - mode.mid.y },
      { type: 'zoomAt', zoom: mode.zoom * (distance(a, b) / mode.distance), x: mid.x, y: mid.y },
    )
    return { state: { ...next, mode: { ...mode, mid } }, effects }
  }

  return { state: next, effects }
}

function onUp(state: GestureState, event: Extract<GestureEvent, { type: 'up' }>): GestureResult {
  if (!(event.pointerId in state.pointers)) return { state, effects: [] }
  const pointers = without(state.pointers, event.pointerId)
  const mode = state.mode
  const base: GestureState = { ...state, pointers, mode: { kind: 'idle' } }
  const mine = 'pointerId' in mode && mode.pointerId === event.pointerId

  if (mode.kind === 'drag' && mine) {
    if (event.cancelled) return { state: base, effects: [{ type: 'putBack', id: mode.id }] }
    if (mode.touch && mode.farthest <= DRAG_ACTIVATION.touchTolerance) {
      // Lifted by a held finger that then let go where it was: the card's actions, not a move.
      return { state: { ...base, suppressClick: true }, effects: [{ type: 'putBack', id: mode.id }, { type: 'longPress', id: mode.id }] }
    }
    const moved = mode.position.x !== mode.origin.x || mode.position.y !== mode.origin.y
    if (!moved) return { state: base, effects: [{ type: 'putBack', id: mode.id }] }
    const position = { ...mode.position, zIndex: mode.zIndex }
    return { state: { ...base, suppressClick: true }, effects: [{ type: 'drop', id: mode.id, position }] }
  }
  if (mode.kind === 'press' && mine) return { state: base, effects: [{ type: 'clearHoldTimer' }] }
  if (mode.kind === 'held' && mine) {
    if (event.cancelled) return { state: base, effects: [] }
    return { state: { ...base, suppressClick: true }, effects: [{ type: 'longPress', id: mode.id }] }
  }
  if (mode.kind === 'pan' && mine) {
    const panned = mode.moved > DRAG_ACTIVATION.distance
    return {
      state: { ...base, suppressClick: state.suppressClick || panned },
      effects: panned ? [{ type: 'panning', active: false }] : [],
    }
  }
  if (mode.kind === 'pinch') {
    if (!mode.ids.includes(event.pointerId)) return { state: { ...state, pointers }, effects: [] }
    const left = pointerIds(pointers)
    const pinched = { ...base, suppressClick: true }
    if (left.length >= 2) return { state: { ...pinched, mode: pinchOf(pointers, state.zoom) }, effects: [] }
    if (left.length === 1) {
      // The finger still down carries on as a pan, from where it is (no jump).
      const id = left[0]!
      return { state: { ...pinched, mode: { kind: 'pan', pointerId: id, last: pointers[id]!, moved: DRAG_ACTIVATION.distance + 1 } }, effects: [] }
    }
    return { state: pinched, effects: [] }
  }
  if (mine) return { state: base, effects: [] }
  // Another finger than the gesture's own (a third one in a pinch, say) lifted.
  return { state: { ...state, pointers }, effects: [] }
}

export function gestureStep(state: GestureState, event: GestureEvent): GestureResult {
  switch (event.type) {
    case 'down':
      return onDown(state, event)
    case 'move':
      return onMove(state, event)
    case 'up':
      return onUp(state, event)
    case 'hold': {
      const mode = state.mode
      if (mode.kind !== 'press' || mode.pointerId !== event.pointerId || mode.pointerType !== 'touch') {
        return { state, effects: [] }
      }
      if (mode.item.draggable) {
        const lifted = lift(mode, true)
        return { state: { ...state, mode: lifted.mode }, effects: lifted.effects }
      }
      const held: Mode = { kind: 'held', pointerId: mode.pointerId, id: mode.item.id, start: mode.start, panOnItems: mode.panOnItems }
      return { state: { ...state, mode: held }, effects: [] }
    }
    case 'escape': {
      const mode = state.mode
      if (mode.kind !== 'drag') return { state, effects: [] }
      return {
        state: { ...state, mode: { kind: 'ignored', pointerId: mode.pointerId } },
        effects: [{ type: 'preventDefault' }, { type: 'stopPropagation' }, { type: 'putBack', id: mode.id }],
      }
    }
    case 'wheel':
      return {
        state: { ...state, zoom: event.zoom },
        effects: [
          { type: 'preventDefault' },
          { type: 'zoomAt', zoom: event.zoom + wheelZoomDelta(event.deltaY, event.deltaMode), x: event.point.x, y: event.point.y },
        ],
      }
    case 'click':
      if (!state.suppressClick) return { state, effects: [] }
      return { state: { ...state, suppressClick: false }, effects: [{ type: 'preventDefault' }, { type: 'stopPropagation' }] }
  }
}
