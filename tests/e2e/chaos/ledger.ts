// What the chaos run did and what the UI said about it: every action with whether the UI accepted it
// (showed it done), the values it wrote, and the figures printed at the end. Every attempt that did not
// become an action is excused with a reason, counted per reason and sorted: circumstances (nothing to
// move, not the owner, no wall shown), interruptions (a tab reloaded under it, a fault the run
// injected) and suspects, which a UI regression would also produce (a dialog that did not work, a
// navigation that failed, the harness losing its footing). Suspects fail the run above a small bound.

export type ActionKind =
  | 'add'
  | 'move'
  | 'edit'
  | 'delete'
  | 'privacy'
  | 'createWall'
  | 'deleteWall'
  | 'stickerAdd'
  | 'stickerMove'
  | 'stickerDelete'
  | 'undo'
  | 'redo'
  | 'itemEdit'
  | 'itemPrivacy'
  | 'itemDelete'
  | 'tagAdd'
  | 'tagEdit'
  | 'tagVerify'
  | 'tagRemove'
  | 'profileEdit'
  | 'bulkVerify'
  | 'bulkTag'
  | 'bulkPrivacy'
  | 'bulkDelete'

/** The table each kind of action writes to, for the figures per table. */
export const tableOf: Record<ActionKind, string> = {
  add: 'polaroids',
  move: 'polaroids',
  edit: 'polaroids',
  delete: 'polaroids',
  privacy: 'walls',
  createWall: 'walls',
  deleteWall: 'walls',
  stickerAdd: 'wall_stickers',
  stickerMove: 'wall_stickers',
  stickerDelete: 'wall_stickers',
  // An undo or redo of a move writes the card's own table; counted apart here.
  undo: 'undo (polaroids, wall_stickers)',
  redo: 'undo (polaroids, wall_stickers)',
  itemEdit: 'wardrobe_items',
  itemPrivacy: 'wardrobe_items',
  itemDelete: 'wardrobe_items',
  tagAdd: 'clothing_tags',
  tagEdit: 'clothing_tags',
  tagVerify: 'clothing_tags',
  tagRemove: 'clothing_tags',
  profileEdit: 'profiles',
  // The To review inbox's bulk edits: one batch each, over several items.
  bulkVerify: 'clothing_tags',
  bulkTag: 'clothing_tags',
  bulkPrivacy: 'wardrobe_items',
  bulkDelete: 'wardrobe_items',
}

/** What an undo or redo took back or made again: a move, an add, a delete or an edit of a card. */
export type UndoStepKind = 'move' | 'add' | 'delete' | 'edit'

export interface Action {
  n: number
  kind: ActionKind
  actor: string
  userId: string
  /** The UI showed the change made (a card appeared, moved, a toast confirmed it). */
  accepted: boolean
  wallId: string
  /** An undo or redo's step (a move when not given). */
  step?: UndoStepKind
  /** The polaroid it concerns (add, move, edit, delete; undo and redo of a polaroid's move). */
  polaroidId?: string
  /** The sticker it concerns (stickerAdd, stickerMove, stickerDelete; undo and redo of its move). */
  stickerId?: string
  /** The items a bulk edit of the To review inbox selected (each check sees one action per item). */
  itemIds?: string[]
  /** A bulk delete taken back with the toast's Undo before it was made. */
  undone?: boolean
  /** The wardrobe item it concerns (stickerAdd: the item stuck; item and tag actions). */
  itemId?: string
  /** A tag's type and value (tag actions; tagEdit's new value, with `fromValue` the one it replaced). */
  tagType?: string
  tagValue?: string
  fromValue?: string
  isPublic?: boolean
  /** The display name a profile edit saved. */
  displayName?: string
  /** A unique name (add, createWall). */
  name?: string
  x?: number
  y?: number
  message?: string
  private?: boolean
}

export type ExcuseClass = 'circumstance' | 'interrupted' | 'suspect'

/** Reasons a broken screen or control would also give; anything else is a circumstance of the run. */
const SUSPECT = /did not work|did not open|did not load|navigation failed|no new wall|^harness:/

/** Suspect excusals a seed may have: a few, for the harness's own races, never a pattern. */
export function suspectBound(attempts: number): number {
  return Math.max(3, Math.ceil(attempts * 0.03))
}

/** The gist of a Playwright error: its first line and the last thing its call log was waiting for. */
export function whyItFailed(error: unknown): string {
  if (error === undefined) return ''
  const lines = (error instanceof Error ? error.message : (JSON.stringify(error) ?? 'an unknown error')).split('\n').map((line) => line.trim())
  const waiting = lines.filter((line) => /waiting for|intercepts pointer|not visible|not enabled|detached/.test(line)).slice(-2)
  return [lines[0] ?? '', ...waiting].filter(Boolean).join(' | ').slice(0, 400)
}

export class Ledger {
  readonly actions: Action[] = []
  /** Attempts the UI refused or that did not apply (no card to move, a wall not visible, ...). */
  readonly skipped = new Map<string, number>()
  readonly excuseClass = new Map<string, ExcuseClass>()
  readonly faults: Record<string, number> = {}
  /** Items delivered mid-run as the engine would, for an inbox that ran dry (see chaos.spec.ts). */
  newItems = 0
  /** Each suspect excusal with what the harness was waiting for when it gave up, for the report. */
  readonly suspects: Array<{ afterAction: number; reason: string; why: string }> = []
  /** Tabs the run reloaded or closed so far, and how many there were when the current attempt began. */
  private interruptions = 0
  private interruptionsAtStart = 0

  /** A tab reloaded or closed under whatever the run was doing. */
  interrupted(): void {
    this.interruptions += 1
  }

  beginAttempt(): void {
    this.interruptionsAtStart = this.interruptions
  }

  /** Whether a tab was reloaded or closed since the current attempt began. */
  get wasInterrupted(): boolean {
    return this.interruptions > this.interruptionsAtStart
  }

  record(action: Omit<Action, 'n'>): Action {
    const entry = { ...action, n: this.actions.length + 1 }
    this.actions.push(entry)
    return entry
  }

  skip(reason: string, error?: unknown): void {
    const interrupted = this.wasInterrupted
    const key = interrupted ? `${reason} (a tab reloaded under it)` : reason
    const kind: ExcuseClass = interrupted ? 'interrupted' : SUSPECT.test(reason) ? 'suspect' : 'circumstance'
    this.skipped.set(key, (this.skipped.get(key) ?? 0) + 1)
    this.excuseClass.set(key, kind)
    if (kind === 'suspect') this.suspects.push({ afterAction: this.actions.length, reason, why: whyItFailed(error) })
  }

  excused(kind: ExcuseClass): Array<[string, number]> {
    return [...this.skipped].filter(([reason]) => this.excuseClass.get(reason) === kind)
  }

  count(kind: ExcuseClass): number {
    return this.excused(kind).reduce((n, [, count]) => n + count, 0)
  }

  fault(kind: string, count = 1): void {
    this.faults[kind] = (this.faults[kind] ?? 0) + count
  }

  accepted(kind?: ActionKind): Action[] {
    return this.actions.filter((a) => a.accepted && (!kind || a.kind === kind))
  }

  byKind(onlyAccepted = false): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const action of this.actions) if (action.accepted || !onlyAccepted) counts[action.kind] = (counts[action.kind] ?? 0) + 1
    return counts
  }

  /** Accepted actions per table written. */
  byTable(): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const action of this.accepted()) counts[tableOf[action.kind]] = (counts[tableOf[action.kind]] ?? 0) + 1
    return counts
  }
}
