// What the chaos run did and what the UI said about it: every action with whether the UI accepted it
// (showed it done), the values it wrote, and the figures printed at the end.

export type ActionKind = 'add' | 'move' | 'edit' | 'delete' | 'privacy' | 'createWall' | 'deleteWall'

export interface Action {
  n: number
  kind: ActionKind
  actor: string
  userId: string
  /** The UI showed the change made (a card appeared, moved, a toast confirmed it). */
  accepted: boolean
  wallId: string
  /** The polaroid it concerns (add, move, edit, delete). */
  polaroidId?: string
  /** A unique name (add, createWall). */
  name?: string
  x?: number
  y?: number
  message?: string
  private?: boolean
}

export class Ledger {
  readonly actions: Action[] = []
  /** Attempts the UI refused or that did not apply (no card to move, a wall not visible, ...). */
  readonly skipped = new Map<string, number>()
  readonly faults: Record<string, number> = {}

  record(action: Omit<Action, 'n'>): Action {
    const entry = { ...action, n: this.actions.length + 1 }
    this.actions.push(entry)
    return entry
  }

  skip(reason: string): void {
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + 1)
  }

  fault(kind: string, count = 1): void {
    this.faults[kind] = (this.faults[kind] ?? 0) + count
  }

  accepted(kind?: ActionKind): Action[] {
    return this.actions.filter((a) => a.accepted && (!kind || a.kind === kind))
  }

  byKind(): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const action of this.actions) counts[action.kind] = (counts[action.kind] ?? 0) + 1
    return counts
  }
}
