// The editor's strokes as an undo history: a pure reducer over what was done and what was undone. A new
// stroke clears Redo; Reset is an entry of its own (so it can be undone); the strokes the cut-out is
// made from are those done since the last Reset, so Undo gives back exactly the cut-out of before.
import type { Stroke } from '@/data/wardrobe/cutoutClient'

type Entry = { kind: 'stroke'; stroke: Stroke } | { kind: 'reset' }

export interface StrokeHistory {
  done: readonly Entry[]
  undone: readonly Entry[]
}

export type HistoryAction =
  | { type: 'stroke'; stroke: Stroke }
  | { type: 'reset' }
  | { type: 'undo' }
  | { type: 'redo' }
  /** The editor opened on a saved fix: its strokes are done (each one undoable), nothing is undone. */
  | { type: 'open'; strokes: readonly Stroke[] }

export const emptyHistory: StrokeHistory = { done: [], undone: [] }

export function strokeHistory(state: StrokeHistory, action: HistoryAction): StrokeHistory {
  switch (action.type) {
    case 'open':
      return { done: action.strokes.map((stroke) => ({ kind: 'stroke', stroke })), undone: [] }
    case 'stroke':
      return { done: [...state.done, { kind: 'stroke', stroke: action.stroke }], undone: [] }
    case 'reset':
      return currentStrokes(state).length === 0 ? state : { done: [...state.done, { kind: 'reset' }], undone: [] }
    case 'undo': {
      const last = state.done.at(-1)
      return last ? { done: state.done.slice(0, -1), undone: [...state.undone, last] } : state
    }
    case 'redo': {
      const next = state.undone.at(-1)
      return next ? { done: [...state.done, next], undone: state.undone.slice(0, -1) } : state
    }
  }
}

/** The strokes the cut-out is made from now: those done since the last Reset, in order. */
export function currentStrokes(state: StrokeHistory): Stroke[] {
  const strokes: Stroke[] = []
  for (const entry of state.done) {
    if (entry.kind === 'reset') strokes.length = 0
    else strokes.push(entry.stroke)
  }
  return strokes
}

export const canUndo = (state: StrokeHistory) => state.done.length > 0
export const canRedo = (state: StrokeHistory) => state.undone.length > 0

/**
 * Whether the cut-out's strokes are no longer those the editor opened with (a stroke drawn, or one undone
 * or reset away): closing then would lose work, so the editor asks first. Drawn and undone again is no change.
 */
export function changedFrom(state: StrokeHistory, opened: readonly Stroke[]): boolean {
  const now = currentStrokes(state)
  return now.length !== opened.length || now.some((stroke, i) => stroke !== opened[i])
}
