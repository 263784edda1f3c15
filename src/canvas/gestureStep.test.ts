import { describe, expect, it } from 'vitest'
import { gestureStep, initialGestureState } from './gestureStep'
import type { GestureEffect, GestureEvent, GestureState, PressTarget } from './gestureTypes'

const ZOOM = 0.75
const card = (draggable = true): PressTarget => ({ kind: 'item', id: 'card', x: 100, y: 50, draggable })
const canvas: PressTarget = { kind: 'canvas' }
const control: PressTarget = { kind: 'control' }

/** Feeds events in order; returns the last state and every effect, in order. */
function run(events: GestureEvent[], state: GestureState = initialGestureState(ZOOM)) {
  const effects: GestureEffect[] = []
  for (const event of events) {
    const result = gestureStep(state, event)
    state = result.state
    effects.push(...result.effects)
  }
  return { state, effects, types: effects.map((e) => e.type) }
}

function down(
  pointerType: string,
  x: number,
  y: number,
  target: PressTarget,
  options: { id?: number; time?: number; button?: number; panOnItems?: boolean; zoom?: number } = {},
): GestureEvent {
  return {
    type: 'down',
    pointerId: options.id ?? 1,
    pointerType,
    primary: (options.button ?? 0) === 0,
    point: { x, y },
    time: options.time ?? 0,
    target,
    topZ: 7,
    panOnItems: options.panOnItems ?? true,
    zoom: options.zoom ?? ZOOM,
  }
}
const move = (x: number, y: number, time = 0, id = 1): GestureEvent => ({ type: 'move', pointerId: id, point: { x, y }, time, zoom: ZOOM })
const up = (id = 1, cancelled = false): GestureEvent => ({ type: 'up', pointerId: id, cancelled })
const hold = (id = 1, time = 250): GestureEvent => ({ type: 'hold', pointerId: id, time })
const click: GestureEvent = { type: 'click' }

describe('mouse', () => {
  it('lifts a card only past 5 px, raises it above the top, follows at the zoom and saves the drop', () => {
    const under = run([down('mouse', 10, 10, card()), move(13, 12)])
    expect(under.types).toEqual([])
    const { effects, state } = run([down('mouse', 10, 10, card()), move(13, 12), move(160, 85)])
    expect(effects).toEqual([
      { type: 'clearHoldTimer' },
      { type: 'lift', id: 'card', zIndex: 8, touch: false },
      { type: 'preventDefault' },
      // 150 × 75 px at zoom 0.75 is 200 × 100 world px.
      { type: 'moveItem', id: 'card', x: 300, y: 150 },
    ])
    const dropped = run([up()], state)
    expect(dropped.effects).toEqual([{ type: 'drop', id: 'card', position: { x: 300, y: 150, zIndex: 8 } }])
    // The click that ends a drag does not open the card.
    expect(run([click], dropped.state).types).toEqual(['preventDefault', 'stopPropagation'])
  })

  it('a press without movement is a click: nothing lifts, nothing is swallowed', () => {
    const { state, types } = run([down('mouse', 10, 10, card()), move(12, 11), up()])
    expect(types).toEqual(['clearHoldTimer'])
    expect(run([click], state).types).toEqual([])
  })

  it('a drag back to where it started puts the card back without saving', () => {
    const { types } = run([down('mouse', 10, 10, card()), move(40, 10), move(10, 10), up()])
    expect(types).toContain('lift')
    expect(types.at(-1)).toBe('putBack')
    expect(types).not.toContain('drop')
  })

  it('Escape during a drag puts the card back, and the release then saves nothing', () => {
    const { types } = run([down('mouse', 10, 10, card()), move(60, 60), { type: 'escape' }, move(80, 80), up()])
    expect(types.slice(-3)).toEqual(['preventDefault', 'stopPropagation', 'putBack'])
    expect(types).not.toContain('drop')
  })

  it('pans the background and swallows the click that ends a pan, but not the next one', () => {
    const panned = run([down('mouse', 0, 0, canvas), move(4, 0), move(20, 10), up()])
    expect(panned.effects).toEqual([
      { type: 'pan', dx: 4, dy: 0 },
      { type: 'panning', active: true },
      { type: 'pan', dx: 16, dy: 10 },
      { type: 'panning', active: false },
    ])
    // A pan's click may never come (a finger's does not): the next press forgets it.
    const next = run([down('mouse', 0, 0, card()), up(), click], panned.state)
    expect(next.types).not.toContain('preventDefault')
  })

  it("other buttons start nothing; someone else's card pans, or nothing in the preview", () => {
    expect(run([down('mouse', 0, 0, canvas, { button: 2 }), move(50, 50)]).types).toEqual([])
    expect(run([down('mouse', 0, 0, card(false)), move(30, 0)]).types).toContain('pan')
    expect(run([down('mouse', 0, 0, card(false), { panOnItems: false }), move(30, 0)]).types).toEqual([])
  })

  it('a cancelled pointer puts a lifted card back', () => {
    const { types } = run([down('mouse', 0, 0, card()), move(30, 30), up(1, true)])
    expect(types.at(-1)).toBe('putBack')
  })

  it('the wheel zooms around the cursor by one step a notch', () => {
    const { effects } = run([{ type: 'wheel', point: { x: 40, y: 30 }, deltaY: -100, deltaMode: 0, zoom: 0.75 }])
    expect(effects[0]).toEqual({ type: 'preventDefault' })
    expect(effects[1]).toMatchObject({ type: 'zoomAt', x: 40, y: 30 })
    expect(effects[1]?.type === 'zoomAt' && effects[1].zoom).toBeCloseTo(0.95)
  })
})

describe('one finger', () => {
  it('a quick swipe over a card pans from where the finger went down; the card stays', () => {
    const { effects } = run([down('touch', 10, 10, card()), move(30, 40, 80), move(40, 60, 120), up()])
    expect(effects).toEqual([
      { type: 'startHoldTimer', pointerId: 1, ms: 250 },
      { type: 'clearHoldTimer' },
      { type: 'panning', active: true },
      { type: 'pan', dx: 20, dy: 30 },
      { type: 'pan', dx: 10, dy: 20 },
      { type: 'panning', active: false },
    ])
  })

  it('held for 250 ms the card lifts, then follows the finger and is saved where it is let go', () => {
    const lifted = run([down('touch', 10, 10, card()), move(12, 11, 100), hold()])
    expect(lifted.effects.at(-1)).toEqual({ type: 'lift', id: 'card', zIndex: 8, touch: true })
    const { effects } = run([move(70, 100, 400), up()], lifted.state)
    expect(effects).toEqual([
      { type: 'preventDefault' },
      { type: 'moveItem', id: 'card', x: 180, y: 170 },
      { type: 'drop', id: 'card', position: { x: 180, y: 170, zIndex: 8 } },
    ])
  })

  it('held and let go where it was, the card goes back and its actions open (a long press)', () => {
    const { effects, state } = run([down('touch', 10, 10, card()), hold(), move(13, 12, 300), up()])
    expect(effects.slice(-2)).toEqual([
      { type: 'putBack', id: 'card' },
      { type: 'longPress', id: 'card' },
    ])
    expect(effects).not.toContainEqual(expect.objectContaining({ type: 'drop' }))
    expect(run([click], state).types).toEqual(['preventDefault', 'stopPropagation'])
  })

  it("a long press on someone else's card shows its actions without lifting it", () => {
    const { types } = run([down('touch', 10, 10, card(false)), hold(), up()])
    expect(types).toEqual(['startHoldTimer', 'longPress'])
  })

  it('held on a card it may not move and then swiped, the finger pans instead', () => {
    const { types } = run([down('touch', 10, 10, card(false)), hold(), move(40, 40, 400), up()])
    expect(types).toContain('pan')
    expect(types).not.toContain('longPress')
  })

  it('in the preview a swipe that starts on a card does not pan', () => {
    const { types } = run([down('touch', 10, 10, card(), { panOnItems: false }), move(40, 40, 50), move(60, 60, 80), up()])
    expect(types).toEqual(['startHoldTimer', 'clearHoldTimer'])
  })

  it('a hold that arrives after the finger already moved or lifted changes nothing', () => {
    const moved = run([down('touch', 10, 10, card()), move(40, 40, 50), hold()])
    expect(moved.types).not.toContain('lift')
    const lifted = run([down('touch', 10, 10, card()), up(), hold()])
    expect(lifted.types).toEqual(['startHoldTimer', 'clearHoldTimer'])
  })
})

describe('two fingers', () => {
  const pinchOn = (first: PressTarget, second: PressTarget) => [down('touch', 100, 100, first, { id: 1 }), down('touch', 200, 100, second, { id: 2 })]

  it('pinch anywhere: on a card, on a control or on the background', () => {
    for (const target of [card(), card(false), control, canvas]) {
      const { effects } = run([...pinchOn(target, canvas), move(250, 100, 10, 2)])
      // Spread from 100 to 150 px apart: zoom × 1.5, around the new midpoint.
      expect(effects.at(-1)).toEqual({ type: 'zoomAt', zoom: 1.125, x: 175, y: 100 })
      expect(effects.at(-2)).toEqual({ type: 'pan', dx: 25, dy: 0 })
    }
  })

  it('a second finger puts a lifted card back and pinches instead', () => {
    const { types } = run([down('touch', 100, 100, card(), { id: 1 }), hold(1), down('touch', 200, 100, canvas, { id: 2 })])
    expect(types).toEqual(['startHoldTimer', 'lift', 'putBack'])
  })

  it('two fingers moving together pan without zooming', () => {
    const { effects } = run([...pinchOn(canvas, canvas), move(100, 140, 10, 1), move(200, 140, 10, 2)])
    expect(effects).toContainEqual({ type: 'pan', dx: 0, dy: 20 })
    const zooms = effects.filter((e) => e.type === 'zoomAt').map((e) => (e.type === 'zoomAt' ? e.zoom : 0))
    expect(zooms.at(-1)).toBeCloseTo(ZOOM)
  })

  it('lifting one finger carries on as a one-finger pan from where it is, and the click is swallowed', () => {
    const lifted = run([...pinchOn(card(), canvas), move(250, 100, 10, 2), up(2)])
    const { effects, state } = run([move(110, 120, 20, 1), up(1)], lifted.state)
    expect(effects[0]).toEqual({ type: 'pan', dx: 10, dy: 20 })
    expect(run([click], state).types).toEqual(['preventDefault', 'stopPropagation'])
  })

  it('a third finger is ignored; the pinch goes on with the two left when one of its own lifts', () => {
    const three = run([...pinchOn(canvas, canvas), down('touch', 300, 300, canvas, { id: 3 }), up(1), move(300, 400, 10, 3)])
    expect(three.state.mode.kind).toBe('pinch')
    expect(three.types).toContain('zoomAt')
  })

  it('a pinch scales from the zoom the camera had when it began', () => {
    const { effects } = run([down('touch', 0, 0, canvas, { id: 1, zoom: 0.5 }), down('touch', 100, 0, canvas, { id: 2, zoom: 0.5 }), move(200, 0, 5, 2)])
    expect(effects.at(-1)).toMatchObject({ type: 'zoomAt', zoom: 1 })
  })
})
