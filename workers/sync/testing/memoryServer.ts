// A small in-memory stand-in for the backend, for the engine's unit tests: walls, polaroids, stickers
// and profiles with the rules that matter to sync (who may see and change what, idempotent pushes,
// soft deletes, a transaction id per write, batches all or nothing, scope pulls with membership) and
// realtime changes. It is deliberately smaller than the SQL; the integration tests hold the engine to
// the real stack.
import type { PushOp } from '@/data/model/outbox'
import { parseScope, type ChangeBinding } from '@/data/model/scopes'
import type { ServerTable } from '@/data/model/tables'
import type { PushResult, RealtimeChange } from '../transport'

export type ServerRow = Record<string, unknown> & { id: string }

interface Subscriber {
  userId: string | null
  bindings: ChangeBinding[]
  deliver(change: RealtimeChange): void
}

const refused = (message: string): PushResult => ({ ok: false, code: '42501', message })

/** Column values as the SQL compares them: no description is null or ''. */
const sameColumn = (a: unknown, b: unknown) => ((a ?? '') === '' && (b ?? '') === '') || Object.is(a, b)

export class MemoryServer {
  readonly tables = new Map<ServerTable, Map<string, ServerRow>>()
  private txid = 100
  private readonly subscribers = new Set<Subscriber>()
  /** Realtime changes of a batch still being applied: told only once all of it applied. */
  private held: Array<() => void> | null = null

  constructor() {
    for (const table of ['profiles', 'walls', 'polaroids', 'wall_stickers', 'wardrobe_items', 'clothing_tags', 'processing_jobs', 'wears', 'outfit_plans', 'item_prices'] as const) {
      this.tables.set(table, new Map())
    }
  }

  private table(name: ServerTable): Map<string, ServerRow> {
    return this.tables.get(name)!
  }

  row(table: ServerTable, id: string): ServerRow | undefined {
    return this.table(table).get(id)
  }

  /** Live (not deleted) rows of a table. */
  rows(table: ServerTable): ServerRow[] {
    return [...this.table(table).values()].filter((row) => !row.deleted_at)
  }

  /** Writes as the service role (arranging a test): inserts or updates, and tells subscribers. */
  write(table: ServerTable, row: Partial<ServerRow> & { id: string }): ServerRow {
    const current = this.table(table).get(row.id)
    const now = new Date().toISOString()
    const next: ServerRow = { created_at: now, deleted_at: null, ...current, ...row, updated_at: now, txid: String(++this.txid) }
    this.table(table).set(row.id, next)
    this.announce(table, current ? 'UPDATE' : 'INSERT', next, current ?? { id: row.id })
    return next
  }

  // ---- rules --------------------------------------------------------------------------------

  canSeeWall(wallId: unknown, userId: string | null): boolean {
    const wall = typeof wallId === 'string' ? this.row('walls', wallId) : undefined
    return Boolean(wall && !wall.deleted_at && (!wall.private || wall.owner_id === userId))
  }

  canSee(table: ServerTable, row: ServerRow, userId: string | null): boolean {
    if (table === 'walls') return !row.private || row.owner_id === userId
    if (table === 'polaroids' || table === 'wall_stickers') return this.canSeeWall(row.wall_id, userId)
    if (table === 'profiles') return true
    return row.user_id === userId
  }

  private ownsWallOf(row: ServerRow | undefined, userId: string): boolean {
    const wall = row ? this.row('walls', String(row.wall_id)) : undefined
    return Boolean(wall && wall.owner_id === userId)
  }

  // ---- push ---------------------------------------------------------------------------------

  push(userId: string | null, ops: PushOp[]): PushResult[] {
    return ops.map((op) => (userId ? this.applyOp(userId, op) : refused('Sign in first')))
  }

  /** A batch as the SQL applies it: its inserts and updates in order, all or nothing; its result is
   * the first refusal. */
  private applyBatch(userId: string, ops: PushOp[]): PushResult {
    if (ops.length === 0) return { ok: false, code: '22023', message: 'A batch needs a list of changes' }
    if (ops.length > 1000) return { ok: false, code: '54000', message: 'At most 1000 changes in one batch' }
    const saved = new Map([...this.tables].map(([table, rows]) => [table, new Map(rows)]))
    const txid = this.txid
    this.held = []
    try {
      for (const op of ops) {
        const result =
          op.op === 'insert' || op.op === 'update'
            ? this.applyOp(userId, op)
            : { ok: false as const, code: '22023', message: `A batch holds only inserts and updates, not ${op.op}` }
        if (!result.ok) {
          for (const [table, rows] of saved) this.tables.set(table, rows)
          this.txid = txid
          return result
        }
      }
      const told = this.held
      this.held = null
      for (const tell of told) tell()
      return { ok: true }
    } finally {
      this.held = null
    }
  }

  private applyOp(userId: string, op: PushOp): PushResult {
    if (op.op === 'batch') return this.applyBatch(userId, op.ops)
    if (op.op === 'insert') {
      const row = op.row as ServerRow
      if (this.row(op.table, row.id)) return { ok: true } // insert-or-ignore: a retried push changes nothing
      if (op.table === 'walls' && row.owner_id !== userId) return refused('walls belong to their creator')
      if ((op.table === 'polaroids' || op.table === 'wall_stickers') && (row.created_by !== userId || !this.canSeeWall(row.wall_id, userId))) {
        return refused('new row violates row-level security policy')
      }
      this.write(op.table, row)
      return { ok: true }
    }
    if (op.op === 'update') {
      const row = this.row(op.table, op.id)
      if (!row || !this.canSee(op.table, row, userId)) return { ok: true } // nothing the caller may see: no rows updated
      const owner = op.table === 'walls' ? row.owner_id === userId : op.table === 'profiles' ? row.id === userId : this.ownsWallOf(row, userId)
      if (!owner) return refused('Only the owner may change this')
      this.write(op.table, { ...op.patch, id: op.id })
      return { ok: true }
    }
    if (op.op === 'call' && op.fn === 'apply_undo') return this.applyUndo(userId, op.args)
    if (op.op === 'call') {
      const id = String(op.args.p_id ?? op.args.sticker_id ?? op.args.wall_id)
      const table: ServerTable = op.fn.includes('sticker') ? 'wall_stickers' : op.fn === 'delete_own_wall' ? 'walls' : 'polaroids'
      const row = this.row(table, id)
      if (!row || row.deleted_at) return op.fn.startsWith('delete') ? { ok: true } : { ok: false, code: 'P0001', message: 'Item not found' }
      const allowed = table === 'walls' ? row.owner_id === userId : row.created_by === userId || this.ownsWallOf(row, userId)
      if (!allowed) return refused('You may not change this item')
      if (op.fn.startsWith('move')) this.write(table, { id, x: op.args.new_x, y: op.args.new_y, z_index: op.args.new_z_index })
      else {
        const deletedAt = new Date().toISOString()
        this.write(table, { id, deleted_at: deletedAt, deleted_by: userId })
        if (table === 'walls') {
          for (const items of ['polaroids', 'wall_stickers'] as const) {
            for (const item of this.rows(items)) if (item.wall_id === id) this.write(items, { id: item.id, deleted_at: deletedAt })
          }
        }
      }
      return { ok: true }
    }
    return { ok: true }
  }

  /** `apply_undo` as the SQL does it: the caller may change the row, the row still holds what the
   * device expected (`deleted` and the watched columns), then the target is written. */
  private applyUndo(userId: string, args: Record<string, unknown>): PushResult {
    const table = args.p_table as ServerTable
    const id = String(args.p_id)
    const expect = args.p_expect as Record<string, unknown>
    const set = args.p_set as Record<string, unknown>
    const row = this.row(table, id)
    if (!row || (table !== 'walls' && !this.canSeeWall(row.wall_id, userId)) || (table === 'walls' && (row.deleted_at || !this.canSee(table, row, userId)))) {
      return { ok: false, code: 'P0001', message: 'This item no longer exists.' }
    }
    const isItem = table !== 'walls'
    const editsText = 'name' in set || 'message' in set
    const allowed = !isItem || editsText ? (isItem ? this.ownsWallOf(row, userId) : row.owner_id === userId) : row.created_by === userId || this.ownsWallOf(row, userId)
    if (!allowed) return refused('You may not change this item')
    const holds = (state: Record<string, unknown>) =>
      Object.entries(state).every(([column, value]) =>
        column === 'deleted' ? Boolean(row.deleted_at) === value : sameColumn(row[column], value),
      )
    if (!holds(expect)) {
      // A retry after a lost answer finds its own result: done already.
      if (holds(set)) return { ok: true }
      return { ok: false, code: 'P0001', message: 'Someone else has changed this since.' }
    }
    if (row.deleted_at && set.deleted !== false) return { ok: true }
    // Only whoever made the tombstone lifts it.
    if (row.deleted_at && row.deleted_by !== userId) return { ok: false, code: 'P0001', message: 'Someone else has changed this since.' }
    const patch: Record<string, unknown> = { id }
    for (const [column, value] of Object.entries(set)) {
      if (column === 'deleted') {
        patch.deleted_at = value ? (row.deleted_at ?? new Date().toISOString()) : null
        patch.deleted_by = value ? (row.deleted_by ?? userId) : null
      } else patch[column] = value
    }
    this.write(table, patch as ServerRow)
    return { ok: true }
  }

  // ---- pull ---------------------------------------------------------------------------------

  pull(userId: string | null, scope: string, since: string): unknown {
    const parsed = parseScope(scope)
    if (!parsed) throw new Error(`Unknown sync scope ${scope}`)
    const from = Number(since || '0')
    const visible = (table: ServerTable, test: (row: ServerRow) => boolean) =>
      [...this.table(table).values()].filter((row) => test(row) && this.canSee(table, row, userId))
    let all: Partial<Record<ServerTable, ServerRow[]>> = {}
    if (parsed.kind === 'me') {
      if (!userId) throw new Error('Sign in to sync your own data.')
      all = { profiles: visible('profiles', (r) => r.id === userId), walls: visible('walls', (r) => r.owner_id === userId) }
    } else if (parsed.kind === 'wall') {
      const items = (table: ServerTable) => visible(table, (r) => r.wall_id === parsed.arg)
      const polaroids = items('polaroids')
      const stickers = items('wall_stickers')
      const walls = visible('walls', (r) => r.id === parsed.arg)
      const people = new Set([...walls.map((w) => w.owner_id), ...polaroids.map((p) => p.created_by), ...stickers.map((s) => s.created_by)])
      all = { walls, polaroids, wall_stickers: stickers, profiles: visible('profiles', (r) => people.has(r.id)) }
    } else if (parsed.kind === 'mooris') {
      all = { walls: visible('walls', (r) => !r.deleted_at) }
    } else if (parsed.kind === 'discover') {
      all = { polaroids: visible('polaroids', (r) => !r.deleted_at) }
    }
    const incremental = parsed.definition.incremental
    const rows: Record<string, ServerRow[]> = {}
    const members: Record<string, string[]> = {}
    for (const [table, list] of Object.entries(all)) {
      rows[table] = list.filter((row) => !incremental || Number(row.txid) >= from).filter((row) => incremental || !row.deleted_at)
      members[table] = list.filter((row) => !row.deleted_at).map((row) => row.id)
    }
    return { scope, cursor: incremental ? String(this.txid + 1) : null, rows, members }
  }

  // ---- realtime -----------------------------------------------------------------------------

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber)
    return () => this.subscribers.delete(subscriber)
  }

  private announce(table: ServerTable, eventType: 'INSERT' | 'UPDATE', record: ServerRow, oldRecord: Record<string, unknown>): void {
    if (this.held) {
      this.held.push(() => this.announce(table, eventType, record, oldRecord))
      return
    }
    for (const subscriber of this.subscribers) {
      if (!this.canSee(table, record, subscriber.userId)) continue
      const heard = subscriber.bindings.some((binding) => {
        if (binding.table !== table) return false
        if (!binding.filter) return true
        const [column, value] = binding.filter.split('=eq.')
        return String(record[column!]) === value
      })
      if (heard) subscriber.deliver({ table, eventType, record: { ...record }, oldRecord: { ...oldRecord } })
    }
  }
}
