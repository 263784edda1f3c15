// The chaos run's verdict on the server, once everything is back online: every action the UI accepted
// is on the server exactly once or sits in the user's failed mutations with its reason (and the user was
// told); nothing is duplicated (rows or stored files); nothing the run did not delete is gone; and every
// field the run wrote holds a value someone wrote: the last one accepted unless a later attempt (or
// another person's) may have come after it. Attempts the UI did not confirm in time are checked too:
// one whose value the server holds was made, however late (counted as confirmed late), and a field
// with unconfirmed attempts still holds its value from before the run or an attempted one, never
// anything else. Walls, polaroids, stickers, wardrobe items, their tags and profiles alike.
import { admin } from '../support/stack'
import type { CommitLog, LoggedTable } from './commitLog'
import type { Action, ActionKind, Ledger, UndoStepKind } from './ledger'
import type { ServerPolaroid, ServerState, ServerTag } from './snapshots'
import type { ChaosItem } from './wardrobeSetup'

/** How many stored files a polaroid's id has in its creator's folder (a retried upload must not add one). */
async function storedCopies(polaroid: ServerPolaroid): Promise<number> {
  const { data, error } = await admin.storage.from('polaroid-images').list(`${polaroid.created_by}/polaroids`, { search: polaroid.id })
  if (error) throw error
  return data.filter((file) => file.name.startsWith(polaroid.id)).length
}

export interface Verdict {
  lost: string[]
  duplicated: string[]
  /** Accepted actions the server refused, each among its user's failed changes (and told). */
  refusedByServer: string[]
  /** Attempts the UI did not confirm in time whose change the server has, per kind. */
  confirmedLate: Record<string, number>
  /** Fields judged by the server's order of commits: how many, and how many several people wrote. */
  commitOrder: { fields: number; sharedFields: number; commits: number }
  /** Rows whose commit log does not end at the write the server holds (the verdict on them is unfounded). */
  logGaps: string[]
  replicaDiffs: string[]
  loading: string[]
  untold: string[]
  /** Seconds from the network healing until each person's outbox was empty, then until their scopes were live. */
  drained: string[]
}

/** Checks the server against the ledger. `failed` holds each user's failed-mutation keys; `before` is
 * the server as the run found it (after seeding), `seeded` the wardrobe items it started with. */
export function checkServer(
  ledger: Ledger,
  server: ServerState,
  before: ServerState,
  seeded: ChaosItem[],
  failed: Map<string, Set<string>>,
  log: Pick<CommitLog, 'of'>,
): Promise<Pick<Verdict, 'lost' | 'duplicated' | 'refusedByServer' | 'confirmedLate' | 'commitOrder'>> {
  return new ServerCheck(ledger, server, before, seeded, failed, log).run()
}

class ServerCheck {
  private readonly lost: string[] = []
  private readonly duplicated: string[] = []
  private readonly refusedByServer = new Set<string>()
  private readonly confirmedLate: Record<string, number> = {}
  private readonly ordered = { fields: 0, sharedFields: 0, commits: 0 }
  private readonly attempts: Action[]
  private readonly polaroid
  private readonly sticker
  private readonly wall
  private readonly item
  private readonly profile

  constructor(
    ledger: Ledger,
    private readonly server: ServerState,
    private readonly before: ServerState,
    private readonly seeded: ChaosItem[],
    private readonly failed: Map<string, Set<string>>,
    private readonly log: Pick<CommitLog, 'of'>,
  ) {
    // A bulk edit of the To review inbox is judged item by item: one attempt per item it selected.
    this.attempts = ledger.actions.flatMap((a) => (a.itemIds ? a.itemIds.map((itemId) => ({ ...a, itemId })) : [a]))
    this.polaroid = new Map(server.polaroids.map((p) => [p.id, p]))
    this.sticker = new Map(server.stickers.map((s) => [s.id, s]))
    this.wall = new Map(server.walls.map((w) => [w.id, w]))
    this.item = new Map(server.items.map((i) => [i.id, i]))
    this.profile = new Map(server.profiles.map((p) => [p.id, p]))
  }

  private refused(action: Action, key: string): boolean {
    const hit = this.failed.get(action.userId)?.has(key) ?? false
    if (hit) this.refusedByServer.add(`#${action.n} ${action.kind} by ${action.actor} (${key})`)
    return hit
  }

  private wallDeleted(wallId: string): boolean {
    return Boolean(this.wall.get(wallId)?.deleted_at)
  }

  private tried(kind: ActionKind, match: (a: Action) => boolean): boolean {
    return this.attempts.some((a) => a.kind === kind && match(a))
  }

  /** Whether an attempt would leave a card there (true), take it away (false), or neither: adds and
   * deletes, and the undo and redo of either. */
  private static presenceOf(a: Action): boolean | undefined {
    if (a.kind === 'add' || a.kind === 'stickerAdd') return true
    if (a.kind === 'delete' || a.kind === 'stickerDelete') return false
    if (a.kind === 'undo' && a.step === 'add') return false
    if (a.kind === 'redo' && a.step === 'add') return true
    if (a.kind === 'undo' && a.step === 'delete') return true
    if (a.kind === 'redo' && a.step === 'delete') return false
    return undefined
  }

  /** Someone tried to take the card away (a delete, an undo of its add, a redo of its delete), or
   * deleted its wall. */
  private takenAway(id: string, wallId: string): boolean {
    return this.attempts.some((a) => (a.polaroidId ?? a.stickerId) === id && ServerCheck.presenceOf(a) === false) || this.wallDeleted(wallId)
  }

  async run() {
    await this.cards()
    this.walls()
    this.stickers()
    this.presence()
    this.items()
    this.tags()
    this.lastValues()
    return {
      lost: this.lost.map((f) => this.history(f)),
      duplicated: this.duplicated.map((f) => this.history(f)),
      refusedByServer: [...this.refusedByServer],
      confirmedLate: this.confirmedLate,
      commitOrder: this.ordered,
    }
  }

  private what(action: Action): string {
    return `#${action.n} ${action.kind} by ${action.actor}${action.accepted ? '' : ' (confirmed late)'}`
  }

  /** Adds and deletes of polaroids. Adds are checked whether or not the UI confirmed them in time: one
   * the server holds was made, however late, and must be there once and stay unless someone deleted it. */
  private async cards(): Promise<void> {
    const { polaroids } = this.server
    for (const action of this.attempts) {
      const what = this.what(action)
      if (action.kind === 'add') {
        const copies = polaroids.filter((p) => p.name === action.name)
        if (copies.length > 1) this.duplicated.push(`${what}: ${copies.length} polaroids named ${action.name}`)
        const row = action.polaroidId ? this.polaroid.get(action.polaroidId) : copies[0]
        if (!action.accepted && !row) continue
        if (!row) {
          if (!this.refused(action, `polaroids:${action.polaroidId}`)) this.lost.push(`${what}: ${action.name} is not on the server and not among the failed changes`)
          continue
        }
        if (!action.accepted) this.late(action)
        if (row.deleted_at && !this.takenAway(row.id, row.wall_id)) this.lost.push(`${what}: ${action.name} was deleted without anyone deleting it`)
        if (row.image_path && (await storedCopies(row)) !== 1) this.duplicated.push(`${what}: ${action.name} has ${await storedCopies(row)} stored files`)
      } else if (action.kind === 'delete') {
        const row = this.polaroid.get(action.polaroidId!)
        if (!row) continue
        if (!action.accepted && row.deleted_at) this.late(action)
      }
    }
    // Cards the run found on its walls stay unless someone deleted them (or their wall).
    for (const row of this.before.polaroids) {
      const now = this.polaroid.get(row.id)
      if (now?.deleted_at && !this.takenAway(row.id, row.wall_id)) {
        this.lost.push(`polaroid ${row.name} was deleted without anyone deleting it`)
      }
    }
  }

  private walls(): void {
    const { walls } = this.server
    for (const action of this.attempts) {
      const what = this.what(action)
      if (action.kind === 'createWall') {
        const copies = walls.filter((w) => w.name === action.name)
        if (copies.length > 1) this.duplicated.push(`${what}: ${copies.length} walls named ${action.name}`)
        if (copies.length > 0 && !action.accepted) this.late(action)
        if (copies.length === 0 && action.accepted && !this.refused(action, `walls:${action.wallId}`)) this.lost.push(`${what}: ${action.name} is not on the server`)
      } else if (action.kind === 'deleteWall') {
        const wall = this.wall.get(action.wallId)
        if (!wall) continue
        if (!action.accepted && wall.deleted_at) this.late(action)
        if (action.accepted && !wall.deleted_at && !this.refused(action, `walls:${wall.id}`)) this.lost.push(`${what}: the wall is still there`)
      }
    }
    for (const row of this.before.walls) {
      if (this.wall.get(row.id)?.deleted_at && !this.tried('deleteWall', (a) => a.wallId === row.id)) this.lost.push(`wall ${row.name} was deleted without anyone deleting it`)
    }
  }

  /** Stickers: one added is there (once per item, wall and person) and stays unless someone deleted it;
   * one deleted is gone. */
  private stickers(): void {
    for (const action of this.attempts) {
      const what = this.what(action)
      if (action.kind === 'stickerAdd' && action.stickerId) {
        const row = this.sticker.get(action.stickerId)
        if (!row) {
          if (action.accepted && !this.refused(action, `stickers:${action.stickerId}`)) this.lost.push(`${what}: sticker ${action.name} is not on the server and not among the failed changes`)
          continue
        }
        if (!action.accepted) this.late(action)
        if (row.deleted_at && !this.takenAway(row.id, row.wall_id)) this.lost.push(`${what}: sticker ${action.name} was deleted without anyone deleting it`)
      } else if (action.kind === 'stickerDelete') {
        const row = this.sticker.get(action.stickerId!)
        if (row && !action.accepted && row.deleted_at) this.late(action)
      }
    }
    // Every sticker on the run's walls was made by an attempt: more rows (live or deleted) by a person on
    // a wall than that person's attempts to add one there is a double. (The same item may be stuck twice
    // on purpose: the import dialog's selections last one visit of the wall.)
    const rowsOf = new Map<string, number>()
    for (const row of this.server.stickers) {
      if (this.before.stickers.some((s) => s.id === row.id)) continue
      const key = `${row.wall_id} ${row.created_by}`
      rowsOf.set(key, (rowsOf.get(key) ?? 0) + 1)
    }
    for (const [key, count] of rowsOf) {
      const [wallId, userId] = key.split(' ')
      const adds = this.attempts.filter((a) => a.kind === 'stickerAdd' && a.wallId === wallId && a.userId === userId).length
      if (count > adds) this.duplicated.push(`stickers by ${userId} on wall ${wallId}: ${count} on the server for ${adds} adds`)
    }
    // Stickers made before the run (none today) and any the run saw stay unless deleted.
    for (const row of this.before.stickers) {
      const now = this.sticker.get(row.id)
      if (now?.deleted_at && !this.takenAway(row.id, row.wall_id)) {
        this.lost.push(`sticker ${row.name} was deleted without anyone deleting it`)
      }
    }
  }

  /**
   * Whether each card is there, as the last accepted add, delete, or undo or redo of either left it:
   * an accepted delete is done unless a later attempt (an undo of it) explains the card being back, an
   * undone add is gone, a redone one back. A change refused visibly is counted as refused.
   */
  private presence(): void {
    const groups = new Map<string, Array<{ action: Action; present: boolean }>>()
    for (const action of this.attempts) {
      const id = action.polaroidId ?? action.stickerId
      const present = ServerCheck.presenceOf(action)
      if (!id || present === undefined) continue
      groups.set(id, [...(groups.get(id) ?? []), { action, present }])
    }
    for (const [id, group] of groups) {
      const row = this.polaroid.get(id) ?? this.sticker.get(id)
      if (!row || this.wallDeleted(row.wall_id)) continue
      const there = !row.deleted_at
      const holds = (e: { present: boolean }) => e.present === there
      const lastMatching = group.findLast(holds)
      if (lastMatching && !lastMatching.action.accepted && (lastMatching.action.kind === 'undo' || lastMatching.action.kind === 'redo')) this.late(lastMatching.action)
      const last = group.findLast((e) => e.action.accepted)
      if (!last || holds(last) || group.slice(group.indexOf(last) + 1).some(holds)) continue
      if (this.refused(last.action, `${this.polaroid.has(id) ? 'polaroids' : 'stickers'}:${id}`)) continue
      this.lost.push(`${this.what(last.action)}: ${this.polaroid.has(id) ? 'polaroid' : 'sticker'} ${row.name} should ${last.present ? 'be there' : 'be deleted'}, the server has it ${there ? 'there' : 'deleted'}`)
    }
  }

  /** Wardrobe items: a delete is done (tags with it); an item nobody deleted is still there. */
  private items(): void {
    const deletes = (a: Action) => a.kind === 'itemDelete' || (a.kind === 'bulkDelete' && !a.undone)
    for (const action of this.attempts) {
      const row = action.itemId ? this.item.get(action.itemId) : undefined
      if (!row) continue
      const what = this.what(action)
      if (action.kind === 'bulkDelete' && action.undone) {
        // Taken back before it was made: the items stay unless another delete took them.
        const other = this.attempts.some((a) => a !== action && a.itemId === row.id && deletes(a))
        if (row.deleted_at && !other) this.lost.push(`${what}: item ${row.name} was deleted though its delete was undone`)
        continue
      }
      if (!deletes(action)) continue
      if (!action.accepted && row.deleted_at) this.late(action)
      if (action.accepted && !row.deleted_at && !this.refused(action, `wardrobeItems:${row.id}`)) this.lost.push(`${what}: item ${row.name} is still on the server`)
      if (row.deleted_at) {
        const left = this.server.tags.filter((t) => t.wardrobe_item_id === row.id && !t.deleted_at)
        if (left.length > 0) this.lost.push(`${what}: item ${row.name} is deleted but ${left.length} of its tags are not`)
      }
    }
    for (const item of this.seeded) {
      const row = this.item.get(item.id)
      if (!row) this.lost.push(`item ${item.name} is not on the server`)
      else if (row.deleted_at && !this.attempts.some((a) => a.itemId === item.id && deletes(a))) this.lost.push(`item ${item.name} was deleted without anyone deleting it`)
    }
  }

  /**
   * Tags, by item, type and value (the run's values are unique): each tag action says whether that
   * value should be on the item afterwards (an edit takes its old value away and puts the new one
   * there; a verify also makes it verified). The last accepted one decides, unless a later attempt
   * explains what the server has. Tags the run started with stay unless an attempt took them away.
   */
  private tags(): void {
    const liveTag = (itemId: string, type: string, value: string): ServerTag | undefined =>
      this.server.tags.find((t) => t.wardrobe_item_id === itemId && t.tag_type === type && t.tag_value === value && !t.deleted_at)
    type Effect = { action: Action; present: boolean; verified: boolean }
    const effects = new Map<string, Effect[]>()
    const add = (itemId: string, type: string, value: string, effect: Effect) => {
      const key = JSON.stringify([itemId, type, value])
      effects.set(key, [...(effects.get(key) ?? []), effect])
    }
    for (const action of this.attempts) {
      if (action.kind === 'bulkTag' && action.itemId && action.tagType && action.tagValue !== undefined) {
        // A tag the person sets is theirs: verified.
        add(action.itemId, action.tagType, action.tagValue, { action, present: true, verified: true })
        continue
      }
      if (!action.kind.startsWith('tag') || !action.itemId || !action.tagType || action.tagValue === undefined) continue
      if (action.kind === 'tagEdit' && action.fromValue !== undefined) add(action.itemId, action.tagType, action.fromValue, { action, present: false, verified: false })
      add(action.itemId, action.tagType, action.tagValue, { action, present: action.kind !== 'tagRemove', verified: action.kind === 'tagVerify' })
    }
    for (const [key, group] of effects) {
      const [itemId, type, value] = JSON.parse(key) as [string, string, string]
      const item = this.item.get(itemId)
      if (!item || item.deleted_at) continue
      const tag = liveTag(itemId, type, value)
      const holds = (e: Effect) => (e.present ? Boolean(tag) && (!e.verified || tag!.is_verified) : !tag)
      const lastMatching = group.findLast(holds)
      if (lastMatching && !lastMatching.action.accepted) this.late(lastMatching.action)
      const last = group.findLast((e) => e.action.accepted)
      if (!last || holds(last) || group.slice(group.indexOf(last) + 1).some(holds)) continue
      const refusedTag = [...(this.failed.get(last.action.userId) ?? [])].some((k) => {
        if (!k.startsWith('tags:')) return false
        const row = this.server.tags.find((t) => t.id === k.slice(5))
        return !row || row.wardrobe_item_id === itemId
      })
      if (refusedTag) {
        this.refusedByServer.add(`#${last.action.n} ${last.action.kind} by ${last.action.actor} (tags of ${itemId})`)
        continue
      }
      this.lost.push(`#${last.action.n} ${last.action.kind} by ${last.action.actor}: item ${item.name} should ${last.present ? 'have' : 'not have'} ${type} ${value}${last.verified ? ' (verified)' : ''}`)
    }
    // A bulk verify confirmed every tag its items had; nothing the run does adds an unverified one (only
    // the AI does), so each live tag of such an item is verified.
    for (const action of this.attempts) {
      if (action.kind !== 'bulkVerify' || !action.itemId) continue
      const item = this.item.get(action.itemId)
      if (!item || item.deleted_at) continue
      const unverified = this.server.tags.filter((t) => t.wardrobe_item_id === item.id && !t.deleted_at && !t.is_verified)
      if (unverified.length === 0) {
        if (!action.accepted) this.late(action)
        continue
      }
      if (action.accepted && !this.refused(action, `wardrobeItems:${item.id}`) && ![...(this.failed.get(action.userId) ?? [])].some((k) => unverified.some((t) => k === `tags:${t.id}`))) {
        this.lost.push(`${this.what(action)}: item ${item.name} still has unverified tags ${unverified.map((t) => `${t.tag_type} ${t.tag_value}`).join(', ')}`)
      }
    }
    for (const row of this.before.tags) {
      const item = this.item.get(row.wardrobe_item_id)
      if (!item || item.deleted_at) continue
      const takenAway = this.attempts.some(
        (a) => a.itemId === row.wardrobe_item_id && a.tagType === row.tag_type && ((a.kind === 'tagRemove' && a.tagValue === row.tag_value) || (a.kind === 'tagEdit' && a.fromValue === row.tag_value)),
      )
      const now = this.server.tags.find((t) => t.id === row.id)
      if (!takenAway && (!now || now.deleted_at || now.tag_value !== row.tag_value)) this.lost.push(`tag ${row.tag_type} ${row.tag_value} of item ${item.name} went without anyone taking it away`)
    }
  }

  private late(action: Action): void {
    this.confirmedLate[action.kind] = (this.confirmedLate[action.kind] ?? 0) + 1
  }

  /**
   * Values that last. For each thing and field: the last accepted write must be what the server holds,
   * unless a write after it (accepted or not) may have come later, several people wrote it (any of their
   * values may be last in the server's order), or it was refused visibly. Writes the UI did not confirm
   * are checked too: the server's value must be one somebody wrote, or the one it had before the run.
   */
  private lastWins(
    kinds: ActionKind[],
    key: (a: Action) => string | undefined,
    serverValue: (key: string) => unknown,
    valueOf: (a: Action) => unknown,
    initial: (key: string) => { known: boolean; values: unknown[] },
    alive: (key: string) => boolean,
    describe: (key: string) => string,
    refusedKey: (a: Action) => string,
  ): void {
    const groups = new Map<string, Action[]>()
    for (const action of this.attempts.filter((a) => kinds.includes(a.kind))) {
      const k = key(action)
      if (k) groups.set(k, [...(groups.get(k) ?? []), action])
    }
    for (const [k, group] of groups) {
      if (!alive(k)) continue
      const now = serverValue(k)
      const matches = (a: Action) => JSON.stringify(valueOf(a)) === JSON.stringify(now)
      const lastMatching = group.findLast(matches)
      if (lastMatching && !lastMatching.accepted) this.late(lastMatching)
      const lastAccepted = group.findLast((a) => a.accepted)
      const users = new Set(group.map((a) => a.userId))
      if (lastAccepted && !matches(lastAccepted)) {
        const later = group.slice(group.indexOf(lastAccepted) + 1)
        const explained = later.some(matches) || (users.size > 1 && Boolean(lastMatching)) || this.refused(lastAccepted, refusedKey(lastAccepted))
        if (!explained) {
          this.lost.push(`#${lastAccepted.n} ${lastAccepted.kind} by ${lastAccepted.actor}: ${describe(k)} should be ${JSON.stringify(valueOf(lastAccepted))}, the server has ${JSON.stringify(now)}`)
          continue
        }
      }
      // Unconfirmed writes: what the server holds came from somewhere the run knows of.
      const start = initial(k)
      if (!lastMatching && start.known && !start.values.some((v) => JSON.stringify(v) === JSON.stringify(now))) {
        const first = group[0]!
        this.lost.push(`#${first.n} ${first.kind} by ${first.actor}: ${describe(k)} is ${JSON.stringify(now)}, which nobody wrote (before the run: ${JSON.stringify(start.values)})`)
      }
    }
  }

  /**
   * Values of walls, polaroids and stickers, judged by the server's order of commits (the sync
   * protocol's: the transaction that wrote each change, see commitLog.ts), however many people wrote
   * them. A person's writes to a field reach the server in the order they made them (one outbox, first
   * in first out; a position not yet sent is replaced by a later one), so each person's attempts are
   * matched, in their order, to commits that set their values; a person's last matched write may be a
   * later commit of the same value (a retry whose first answer was lost). Then:
   * - a person's last accepted write is among the commits (or replaced by a later write of theirs that
   *   is, or refused visibly), else it was lost;
   * - the value the server holds is the one of the write committed last in the server's order, not any
   *   value from the field's history: a commit after it that changes the value (a stale retry, a write
   *   nobody made) is reported;
   * - with no write matched, the field holds its value from before the run.
   */
  private commitOrder(
    kinds: ActionKind[],
    key: (a: Action) => string | undefined,
    table: (key: string) => LoggedTable,
    row: (key: string) => object | undefined,
    field: (record: Record<string, unknown>) => unknown,
    valueOf: (a: Action) => unknown,
    initial: (key: string) => { known: boolean; values: unknown[] },
    alive: (key: string) => boolean,
    describe: (key: string) => string,
    refusedKey: (a: Action) => string,
  ): void {
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
    const groups = new Map<string, Action[]>()
    for (const action of this.attempts.filter((a) => kinds.includes(a.kind))) {
      const k = key(action)
      if (k) groups.set(k, [...(groups.get(k) ?? []), action])
    }
    for (const [k, group] of groups) {
      const current = row(k)
      if (!current || !alive(k)) continue
      const now = field(current as Record<string, unknown>)
      const commits = this.log.of(table(k), k).map((c) => field(c.record))
      this.ordered.fields += 1
      this.ordered.commits += commits.length
      const users = [...new Set(group.map((a) => a.userId))]
      if (users.length > 1) this.ordered.sharedFields += 1
      // Each person's attempts, in order, to the earliest commits that fit after their previous one.
      const at = new Map<Action, number>()
      for (const user of users) {
        let cursor = -1
        let lastOfUser: Action | null = null
        for (const action of group.filter((a) => a.userId === user)) {
          const index = commits.findIndex((value, i) => i > cursor && same(value, valueOf(action)))
          if (index < 0) continue
          at.set(action, index)
          cursor = index
          lastOfUser = action
        }
        if (!lastOfUser) continue
        // A retry of one's last write commits its value again, possibly after someone else's.
        at.set(lastOfUser, commits.findLastIndex((value) => same(value, valueOf(lastOfUser))))
      }
      // The write committed last, whoever made it.
      let last: { action: Action; index: number } | null = null
      for (const [action, index] of at) {
        if (!last || index > last.index) last = { action, index }
        if (!action.accepted) this.late(action)
      }
      let judged = false
      for (const user of users) {
        const mine = group.filter((a) => a.userId === user)
        const lastAccepted = mine.findLast((a) => a.accepted)
        if (!lastAccepted || at.has(lastAccepted)) continue
        const replaced = mine.slice(mine.indexOf(lastAccepted) + 1).some((a) => at.has(a))
        if (replaced || this.refused(lastAccepted, refusedKey(lastAccepted))) continue
        judged = true
        this.lost.push(
          `#${lastAccepted.n} ${lastAccepted.kind} by ${lastAccepted.actor}: ${describe(k)} was never set to ${JSON.stringify(valueOf(lastAccepted))} ` +
            `after that person's earlier writes, in the server's commits ${JSON.stringify(commits)}`,
        )
      }
      if (judged) continue
      if (last) {
        if (!same(now, valueOf(last.action))) {
          this.lost.push(
            `#${last.action.n} ${last.action.kind} by ${last.action.actor}: ${describe(k)} should be ${JSON.stringify(valueOf(last.action))}, ` +
              `the last write in the server's order of commits, the server has ${JSON.stringify(now)} (commits ${JSON.stringify(commits)})`,
          )
        }
        continue
      }
      // No write of the run is among the commits: the field holds what it had before the run.
      const start = initial(k)
      if (start.known && !start.values.some((v) => same(v, now))) {
        const first = group[0]!
        this.lost.push(`#${first.n} ${first.kind} by ${first.actor}: ${describe(k)} is ${JSON.stringify(now)}, which nobody wrote (before the run: ${JSON.stringify(start.values)})`)
      }
    }
  }

  private lastValues(): void {
    const before = {
      polaroid: new Map(this.before.polaroids.map((p) => [p.id, p])),
      sticker: new Map(this.before.stickers.map((s) => [s.id, s])),
      wall: new Map(this.before.walls.map((w) => [w.id, w])),
      item: new Map(this.before.items.map((i) => [i.id, i])),
      profile: new Map(this.before.profiles.map((p) => [p.id, p])),
    }
    const card = (k: string) => this.polaroid.get(k) ?? this.sticker.get(k)
    const place = (row: { x: number; y: number } | undefined) => (row ? { x: row.x, y: row.y } : null)
    const unknown = { known: false, values: [] }
    // Positions: moves, and the undo and redo of a move, of polaroids and stickers alike. A polaroid
    // added during the run starts wherever the owner's automatic layout puts it, so only cards the run
    // found, and stickers (always stuck at 100,100), have a known first place. Several people may move
    // a card (its creator and the wall's owner): judged by the server's order of commits.
    const ofStep = (a: Action, step: UndoStepKind) => (a.kind !== 'undo' && a.kind !== 'redo') || (a.step ?? 'move') === step
    const cardAlive = (k: string) => {
      const row = card(k)
      return Boolean(row && !row.deleted_at && !this.wallDeleted(row.wall_id))
    }
    this.commitOrder(
      ['move', 'stickerMove', 'undo', 'redo'],
      (a) => (ofStep(a, 'move') ? (a.polaroidId ?? a.stickerId) : undefined),
      (k) => (this.polaroid.has(k) ? 'polaroids' : 'wall_stickers'),
      card,
      (r) => ({ x: Number(r.x), y: Number(r.y) }),
      (a) => ({ x: a.x, y: a.y }),
      (k) => {
        const start = before.polaroid.get(k) ?? before.sticker.get(k)
        // A card at (0,0) is one the owner's automatic layout places when the wall is first shown.
        if (start) return start.x === 0 && start.y === 0 ? unknown : { known: true, values: [place(start)] }
        return this.sticker.has(k) ? { known: true, values: [{ x: 100, y: 100 }] } : unknown
      },
      cardAlive,
      (k) => `card ${card(k)?.name ?? k}'s place`,
      (a) => (a.polaroidId ? `polaroids:${a.polaroidId}` : `stickers:${a.stickerId}`),
    )
    // Messages: the owner's edits, and the undo and redo of an edit.
    this.commitOrder(
      ['edit', 'undo', 'redo'],
      (a) => (ofStep(a, 'edit') ? a.polaroidId : undefined),
      () => 'polaroids',
      (k) => this.polaroid.get(k),
      (r) => r.message ?? '',
      (a) => a.message ?? '',
      (k) => (before.polaroid.has(k) ? { known: true, values: [before.polaroid.get(k)!.message ?? ''] } : unknown),
      cardAlive,
      (k) => `polaroid ${this.polaroid.get(k)!.name}'s message`,
      (a) => `polaroids:${a.polaroidId}`,
    )
    this.commitOrder(
      ['privacy'],
      (a) => a.wallId,
      () => 'walls',
      (k) => this.wall.get(k),
      (r) => r.private,
      (a) => a.private,
      (k) => (before.wall.has(k) ? { known: true, values: [before.wall.get(k)!.private] } : unknown),
      (k) => Boolean(this.wall.get(k) && !this.wallDeleted(k)),
      (k) => `wall ${this.wall.get(k)!.name}'s privacy`,
      (a) => `walls:${a.wallId}`,
    )
    const itemAlive = (k: string) => Boolean(this.item.get(k) && !this.item.get(k)!.deleted_at)
    this.lastWins(
      ['itemEdit'],
      (a) => a.itemId,
      (k) => this.item.get(k)!.name,
      (a) => a.name,
      (k) => ({ known: true, values: [before.item.get(k)?.name] }),
      itemAlive,
      (k) => `item ${k}'s name`,
      (a) => `wardrobeItems:${a.itemId}`,
    )
    this.lastWins(
      ['itemPrivacy', 'bulkPrivacy'],
      (a) => a.itemId,
      (k) => this.item.get(k)!.is_public,
      (a) => a.isPublic,
      (k) => ({ known: true, values: [before.item.get(k)?.is_public] }),
      itemAlive,
      (k) => `item ${this.item.get(k)!.name}'s visibility`,
      (a) => `wardrobeItems:${a.itemId}`,
    )
    this.lastWins(
      ['profileEdit'],
      (a) => a.userId,
      (k) => this.profile.get(k)?.display_name ?? null,
      (a) => a.displayName,
      (k) => ({ known: true, values: [before.profile.get(k)?.display_name ?? null] }),
      (k) => this.profile.has(k),
      (k) => `profile ${k}'s display name`,
      (a) => `profiles:${a.userId}`,
    )
  }

  /** Each finding says what the run did to the same thing, to start the search from. */
  private history(finding: string): string {
    const n = Number(/^#(\d+)/.exec(finding)?.[1])
    const action = this.attempts.find((a) => a.n === n)
    if (!action) return finding
    const subject = (a: Action) => a.polaroidId ?? a.stickerId ?? a.itemId ?? (a.kind === 'profileEdit' ? a.userId : undefined) ?? `wall ${a.wallId}`
    // A card's fate also hangs on its wall: who made it private or deleted it, and when.
    const onItsWall = (a: Action) =>
      (action.polaroidId !== undefined || action.stickerId !== undefined) && a.wallId === action.wallId && (a.kind === 'privacy' || a.kind === 'deleteWall')
    const related = this.attempts.filter((a) => subject(a) === subject(action) || onItsWall(a))
    const steps = related.map((a) => `#${a.n} ${a.kind}${a.accepted ? '' : ' (not accepted)'} by ${a.actor}${a.x !== undefined ? ` to ${a.x},${a.y}` : ''}${a.private !== undefined ? ` (${a.private ? 'private' : 'public'})` : ''}`)
    return `${finding} [${steps.join('; ')}]`
  }
}
