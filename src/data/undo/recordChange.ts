// The mutations' side of undo: each undoable change describes itself as a step (the row's watched
// values before and after, or its whole self when it appears or goes) and records it in the same
// transaction as the change.
import type { MooriDB } from '../db'
import type { PolaroidRow, StickerRow, WallRow } from '../model/rows'
import { recordStep } from './history'
import type { RowState, StepKind, UndoTable } from './undoCore'

/** What a card is called in "Undo move of '…'": its name, or what the wall calls an unnamed one. */
function itemTitleOf(table: 'polaroids' | 'stickers', row: PolaroidRow | StickerRow): string {
  return row.name || (table === 'polaroids' ? 'Untitled polaroid' : 'Sticker')
}

export function present(values: object): RowState {
  return { values: { ...(values as Record<string, unknown>) } }
}

export const ABSENT: RowState = { absent: true }

export function recordItemChange(
  db: MooriDB,
  table: 'polaroids' | 'stickers',
  row: PolaroidRow | StickerRow,
  kind: StepKind,
  before: RowState,
  after: RowState,
): Promise<void> {
  return recordStep(db, { wallId: row.wallId, table, rowId: row.id, kind, title: itemTitleOf(table, row), before, after })
}

export function recordWallChange(
  db: MooriDB,
  wall: WallRow,
  kind: Extract<StepKind, 'rename' | 'describe' | 'privacy'>,
  before: RowState,
  after: RowState,
): Promise<void> {
  const table: UndoTable = 'walls'
  return recordStep(db, { wallId: wall.id, table, rowId: wall.id, kind, title: wall.name, before, after })
}
