import { describe, expect, it } from 'vitest'
import type { Stroke } from '@/data/wardrobe/cutoutClient'
import { canRedo, canUndo, changedFrom, currentStrokes, emptyHistory, strokeHistory, type HistoryAction } from './strokeHistory'

const stroke = (x: number, mode: Stroke['mode'] = 'remove'): Stroke => ({ mode, radius: 5, points: Float32Array.of(x, x) })
const run = (...actions: HistoryAction[]) => actions.reduce(strokeHistory, emptyHistory)

describe('the editor’s stroke history', () => {
  const a = stroke(1)
  const b = stroke(2, 'keep')
  const c = stroke(3)

  it('undoes and redoes strokes in order', () => {
    const drawn = run({ type: 'stroke', stroke: a }, { type: 'stroke', stroke: b })
    expect(currentStrokes(drawn)).toEqual([a, b])
    const undone = strokeHistory(drawn, { type: 'undo' })
    expect(currentStrokes(undone)).toEqual([a])
    expect(canRedo(undone)).toBe(true)
    expect(currentStrokes(strokeHistory(undone, { type: 'redo' }))).toEqual([a, b])
  })

  it('clears Redo with a new stroke', () => {
    const state = run({ type: 'stroke', stroke: a }, { type: 'stroke', stroke: b }, { type: 'undo' }, { type: 'stroke', stroke: c })
    expect(currentStrokes(state)).toEqual([a, c])
    expect(canRedo(state)).toBe(false)
    expect(strokeHistory(state, { type: 'redo' })).toBe(state)
  })

  it('makes Reset a step of its own that Undo takes back', () => {
    const reset = run({ type: 'stroke', stroke: a }, { type: 'stroke', stroke: b }, { type: 'reset' })
    expect(currentStrokes(reset)).toEqual([])
    expect(canUndo(reset)).toBe(true)
    expect(currentStrokes(strokeHistory(reset, { type: 'undo' }))).toEqual([a, b])
    // Strokes after a Reset start from the model's cut-out.
    expect(currentStrokes(strokeHistory(reset, { type: 'stroke', stroke: c }))).toEqual([c])
  })

  it('does nothing for Reset with no strokes, or Undo with nothing done', () => {
    expect(run({ type: 'reset' })).toBe(emptyHistory)
    expect(run({ type: 'undo' })).toBe(emptyHistory)
    expect(canUndo(emptyHistory)).toBe(false)
  })

  it('tells a change from the strokes the editor opened with, not from a stroke drawn and undone', () => {
    expect(changedFrom(emptyHistory, [])).toBe(false)
    const drawn = run({ type: 'stroke', stroke: a })
    expect(changedFrom(drawn, [])).toBe(true)
    expect(changedFrom(strokeHistory(drawn, { type: 'undo' }), [])).toBe(false)
    // Opened on a saved fix [a]: a Reset or an Undo of it is a change; the same strokes are not.
    expect(changedFrom(drawn, [a])).toBe(false)
    expect(changedFrom(strokeHistory(drawn, { type: 'reset' }), [a])).toBe(true)
    expect(changedFrom(strokeHistory(drawn, { type: 'undo' }), [a])).toBe(true)
    // An equal stroke drawn again is a new stroke.
    expect(changedFrom(run({ type: 'stroke', stroke: stroke(1) }), [a])).toBe(true)
  })

  it('opens on a saved fix: its strokes undo one by one, back to the model’s cut-out', () => {
    const opened = run({ type: 'open', strokes: [a, b] })
    expect(currentStrokes(opened)).toEqual([a, b])
    expect(changedFrom(opened, [a, b])).toBe(false)
    const once = strokeHistory(opened, { type: 'undo' })
    expect(currentStrokes(once)).toEqual([a])
    expect(currentStrokes(strokeHistory(once, { type: 'undo' }))).toEqual([])
  })
})
