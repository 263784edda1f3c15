// Devices for the undo property test (workers/sync/undoProperty.test.ts): each user's replica rows, outbox and undo/redo history held in
// plain maps, driven by the same pure core as the app (`decide`, `stepWrite`, the mapping) and synced
// against the in-memory server: push the outbox in order (a refusal is dropped, as the failed changes
// list keeps it), then pull what the user may see. Thousands of seeds run in seconds this way; the
// Dexie side of the same steps is held to the real stack by tests/integration/sync/undo.test.ts.
import { fromServer, toServer } from '../model/mapping'
import type { PushOp } from '../model/outbox'
import type { ServerTable } from '../model/tables'
import { decide, type Direction, type RowState, type SkipReason, type UndoStep, type UndoTable, WATCHED_FIELDS } from '../undo/undoCore'
import { stepWrite } from '../undo/undoOps'

/** What the devices need of workers/sync/testing/memoryServer (src does not import workers). */
export interface UndoServer {
  push(userId: string | null, ops: PushOp[]): Array<{ ok: boolean }>
  row(table: ServerTable, id: string): (Record<string, unknown> & { id: string }) | undefined
  rows(table: ServerTable): Array<Record<string, unknown> & { id: string }>
  canSee(table: ServerTable, row: Record<string, unknown> & { id: string }, userId: string | null): boolean
}

export type Row = Record<string, unknown> & { id: string }

export interface Device {
  userId: string
  online: boolean
  rows: Map<string, Row>
  outbox: PushOp[]
  undo: UndoStep[]
  redo: UndoStep[]
  /** Rows a pull changed (someone else's work arriving), cleared by the test when it starts watching. */
  pulledChanges: Set<string>
}

export const keyOf = (table: UndoTable, id: string) => `${table}:${id}`

export function newDevice(userId: string): Device {
  return { userId, online: true, rows: new Map(), outbox: [], undo: [], redo: [], pulledChanges: new Set() }
}

/** A local change: the replica at once, the step on top of the history (redo cleared), the op queued. */
export function change(device: Device, step: Omit<UndoStep, 'wallId' | 'title'> & { wallId: string }, op: PushOp): void {
  const key = keyOf(step.table, step.rowId)
  if (step.after.absent) device.rows.delete(key)
  else device.rows.set(key, { ...(device.rows.get(key) ?? {}), ...step.after.values, id: step.rowId })
  device.undo.push({ ...step, title: step.rowId })
  device.redo = []
  device.outbox.push(op)
}

export function snapshot(row: Row | undefined, fields: readonly string[] = WATCHED_FIELDS): RowState {
  if (!row) return { absent: true }
  return { values: Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]])) }
}

export interface Taken {
  step: UndoStep | null
  skipped: Array<{ step: UndoStep; reason: SkipReason }>
}

/** One press of Undo or Redo, as `takeStep` in src/data/undo/undoRedo.ts does it. */
export function take(device: Device, direction: Direction): Taken {
  const from = direction === 'undo' ? device.undo : device.redo
  const to = direction === 'undo' ? device.redo : device.undo
  const skipped: Taken['skipped'] = []
  for (;;) {
    const step = from.pop()
    if (!step) return { step: null, skipped }
    const key = keyOf(step.table, step.rowId)
    const decision = decide(step, direction, device.rows.get(key))
    if (!decision.ok) {
      skipped.push({ step, reason: decision.reason })
      continue
    }
    const write = stepWrite(step, direction)
    if (write.replica.kind === 'remove') device.rows.delete(key)
    else if (write.replica.kind === 'put') device.rows.set(key, { ...write.replica.row, id: step.rowId })
    else device.rows.set(key, { ...device.rows.get(key)!, ...write.replica.patch })
    device.outbox.push(write.op)
    to.push(step)
    return { step, skipped }
  }
}

const serverTable = (table: UndoTable) => (table === 'stickers' ? 'wall_stickers' : table)

/** Pushes everything waiting (refusals are dropped: the replica follows the server), then pulls.
 * `lose` says whether an answer is lost after the server applied the op: it stays queued and is sent
 * again, and the sync stops there (as the engine's push does on a network failure). */
export function sync(
  device: Device,
  server: UndoServer,
  wallId: string,
  hooks: { beforePush?: (op: PushOp) => void; afterPush?: (op: PushOp, ok: boolean) => void; lose?: () => boolean } = {},
): void {
  if (!device.online) return
  while (device.outbox.length > 0) {
    const op = device.outbox[0]!
    hooks.beforePush?.(op)
    const [result] = server.push(device.userId, [op])
    hooks.afterPush?.(op, Boolean(result?.ok))
    if (hooks.lose?.()) return
    device.outbox.shift()
  }
  const pulled = new Map<string, Row>()
  const wall = server.row('walls', wallId)
  if (wall && !wall.deleted_at && server.canSee('walls', wall, device.userId)) {
    const mappedWall = fromServer('walls', wall)
    if (mappedWall.kind === 'row') pulled.set(keyOf('walls', wallId), { ...mappedWall.row })
    for (const table of ['polaroids', 'stickers'] as const) {
      for (const row of server.rows(serverTable(table))) {
        if (row.wall_id !== wallId) continue
        const mapped = fromServer(table, row)
        if (mapped.kind === 'row') pulled.set(keyOf(table, row.id), { ...(mapped.row as unknown as Row) })
      }
    }
  }
  for (const key of new Set([...device.rows.keys(), ...pulled.keys()])) {
    const before = snapshot(device.rows.get(key))
    const after = snapshot(pulled.get(key))
    if (JSON.stringify(before) !== JSON.stringify(after)) device.pulledChanges.add(key)
  }
  device.rows = pulled
}

/** The server op of an insert, as `insertChange` builds it. */
export function insertOp(table: 'polaroids' | 'stickers', row: Row): PushOp {
  return { op: 'insert', table: serverTable(table), row: toServer(table, row) }
}

