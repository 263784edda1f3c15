// The chaos run's verdict (tests/e2e/chaos/invariants.ts) on made-up ledgers, commit logs and server
// states, so each way it may be fooled is shown failing; the browser run feeds it the real ones. Fields
// several people wrote are judged by the server's order of commits (the value that must last is the
// one of the write committed last, not any value from the field's history); undo and redo of adds,
// deletes and edits; and the To review inbox's bulk edits, item by item.
import { describe, expect, it } from 'vitest'
import type { Commit, LoggedTable } from '../../e2e/chaos/commitLog'
import { checkServer } from '../../e2e/chaos/invariants'
import { Ledger, type Action } from '../../e2e/chaos/ledger'
import type { ServerItem, ServerPolaroid, ServerState, ServerTag } from '../../e2e/chaos/snapshots'

const ADA = 'ada-id'
const BO = 'bo-id'
const WALL = 'wall-1'

function polaroid(x: number, y: number, message = ''): ServerPolaroid {
  return {
    id: 'card-1',
    wall_id: WALL,
    name: 'card',
    message,
    x,
    y,
    z_index: 1,
    image_path: null,
    created_by: BO,
    deleted_at: null,
    txid: '1',
  }
}

function state(card: ServerPolaroid): ServerState {
  return {
    walls: [{ id: WALL, name: 'wall', owner_id: ADA, private: false, deleted_at: null, txid: '1' }],
    polaroids: [card],
    stickers: [],
    items: [],
    tags: [],
    profiles: [],
  }
}

/** Commits of card-1 in the server's order, each setting a place (and the message, unchanged). */
function logOf(places: Array<[number, number]>, message = '') {
  const commits: Commit[] = places.map(([x, y], i) => ({
    table: 'polaroids',
    id: 'card-1',
    txid: BigInt(10 + i),
    record: { id: 'card-1', x, y, message },
  }))
  return { of: (table: LoggedTable, id: string) => (table === 'polaroids' && id === 'card-1' ? commits : []) }
}

function move(
  ledger: Ledger,
  userId: string,
  x: number,
  y: number,
  accepted = true,
  extra: Partial<Action> = {},
): void {
  ledger.record({
    kind: 'move',
    actor: userId === ADA ? 'ada-1' : 'bo',
    userId,
    accepted,
    wallId: WALL,
    polaroidId: 'card-1',
    x,
    y,
    ...extra,
  })
}

async function verdict(ledger: Ledger, places: Array<[number, number]>, now: [number, number]) {
  const before = state(polaroid(5, 5))
  return checkServer(ledger, state(polaroid(...now)), before, [], new Map(), logOf(places))
}

describe('the chaos verdict on a card several people moved', () => {
  it('expects the place of the write committed last, whoever made it', async () => {
    const ledger = new Ledger()
    move(ledger, ADA, 10, 5)
    move(ledger, BO, 20, 5)
    // Bo's move reached the server first; Ada's (made earlier) committed after it and lasts.
    const result = await verdict(
      ledger,
      [
        [20, 5],
        [10, 5],
      ],
      [10, 5],
    )
    expect(result.lost).toEqual([])
    expect(result.commitOrder).toEqual({ fields: 1, sharedFields: 1, commits: 2 })
  })

  it("accepts a retry that commits a person's last place again after someone else's", async () => {
    const ledger = new Ledger()
    move(ledger, ADA, 10, 5)
    move(ledger, BO, 20, 5)
    const result = await verdict(
      ledger,
      [
        [10, 5],
        [20, 5],
        [10, 5],
      ],
      [10, 5],
    )
    expect(result.lost).toEqual([])
  })

  it('fails when a stale write of a person lands after their later one', async () => {
    const ledger = new Ledger()
    move(ledger, ADA, 10, 5)
    move(ledger, ADA, 30, 5)
    move(ledger, BO, 20, 5)
    // Ada's first place is sent again after her second: the server ends on a value from the history
    // (the old check accepted any of them once two people had written).
    const result = await verdict(
      ledger,
      [
        [10, 5],
        [20, 5],
        [30, 5],
        [10, 5],
      ],
      [10, 5],
    )
    expect(result.lost).toHaveLength(1)
    expect(result.lost[0]).toMatch(
      /should be \{"x":30,"y":5\}, the last write in the server's order of commits/,
    )
  })

  it("fails when one person's accepted move never reached the server, though another's did", async () => {
    const ledger = new Ledger()
    move(ledger, ADA, 10, 5)
    move(ledger, BO, 20, 5)
    const result = await verdict(ledger, [[20, 5]], [20, 5])
    expect(result.lost).toHaveLength(1)
    expect(result.lost[0]).toMatch(/^#1 move by ada-1: .* was never set to \{"x":10,"y":5\}/)
  })

  it('fails when a place nobody wrote lands after the last write', async () => {
    const ledger = new Ledger()
    move(ledger, ADA, 10, 5)
    move(ledger, BO, 20, 5)
    const result = await verdict(
      ledger,
      [
        [10, 5],
        [20, 5],
        [99, 99],
      ],
      [99, 99],
    )
    expect(result.lost).toHaveLength(1)
  })

  it('lets a later write of the same person replace one never sent (positions coalesce), and counts late confirmations', async () => {
    const ledger = new Ledger()
    move(ledger, BO, 10, 5)
    move(ledger, BO, 20, 5)
    move(ledger, ADA, 30, 5, false)
    const result = await verdict(
      ledger,
      [
        [20, 5],
        [30, 5],
      ],
      [30, 5],
    )
    expect(result.lost).toEqual([])
    expect(result.confirmedLate).toEqual({ move: 1 })
  })

  it('follows undo and redo of an edit in the order they were committed', async () => {
    const ledger = new Ledger()
    const edit = (message: string, kind: Action['kind'] = 'edit') =>
      ledger.record({
        kind,
        actor: 'ada-1',
        userId: ADA,
        accepted: true,
        wallId: WALL,
        polaroidId: 'card-1',
        message,
        ...(kind === 'edit' ? {} : { step: 'edit' as const }),
      })
    edit('hello')
    edit('', 'undo')
    edit('hello', 'redo')
    const before = state(polaroid(5, 5))
    const commits = (messages: string[]) => {
      const list: Commit[] = messages.map((message, i) => ({
        table: 'polaroids',
        id: 'card-1',
        txid: BigInt(10 + i),
        record: { id: 'card-1', x: 5, y: 5, message },
      }))
      return { of: () => list }
    }
    const held = await checkServer(
      ledger,
      state(polaroid(5, 5, 'hello')),
      before,
      [],
      new Map(),
      commits(['hello', '', 'hello']),
    )
    expect(held.lost).toEqual([])
    // The redo never reached the server: the undo's value is the last commit, but the redo was accepted.
    const lost = await checkServer(
      ledger,
      state(polaroid(5, 5, '')),
      before,
      [],
      new Map(),
      commits(['hello', '']),
    )
    expect(lost.lost).toHaveLength(1)
    expect(lost.lost[0]).toMatch(/^#3 redo by ada-1/)
  })
})

describe('the chaos verdict on undo and redo of adds and deletes', () => {
  const step = (ledger: Ledger, kind: Action['kind'], stepKind: 'add' | 'delete', accepted = true) =>
    ledger.record({
      kind,
      actor: 'bo',
      userId: BO,
      accepted,
      wallId: WALL,
      polaroidId: 'card-1',
      ...(kind === 'undo' || kind === 'redo' ? { step: stepKind } : {}),
    })
  const judge = (ledger: Ledger, deleted: boolean) => {
    const now = { ...polaroid(5, 5), deleted_at: deleted ? '2026-11-27T12:00:00Z' : null }
    return checkServer(ledger, state(now), state(polaroid(5, 5)), [], new Map(), logOf([]))
  }

  it('expects a card whose delete was undone to be back, and one whose add was undone to be gone', async () => {
    const restored = new Ledger()
    step(restored, 'delete', 'delete')
    step(restored, 'undo', 'delete')
    expect((await judge(restored, false)).lost).toEqual([])
    expect((await judge(restored, true)).lost).toEqual([
      '#2 undo by bo: polaroid card should be there, the server has it deleted [#1 delete by bo; #2 undo by bo]',
    ])

    const undoneAdd = new Ledger()
    step(undoneAdd, 'undo', 'add')
    expect((await judge(undoneAdd, true)).lost).toEqual([])
    expect((await judge(undoneAdd, false)).lost).toHaveLength(1)
  })

  it('lets a later unconfirmed step explain the card, and fails when a redo of a delete did not hold', async () => {
    const ledger = new Ledger()
    step(ledger, 'delete', 'delete')
    step(ledger, 'undo', 'delete')
    step(ledger, 'redo', 'delete', false)
    const late = await judge(ledger, true)
    expect(late.lost).toEqual([])
    expect(late.confirmedLate).toEqual({ redo: 1 })
    const redone = new Ledger()
    step(redone, 'delete', 'delete')
    step(redone, 'undo', 'delete')
    step(redone, 'redo', 'delete')
    expect((await judge(redone, false)).lost).toEqual([
      '#3 redo by bo: polaroid card should be deleted, the server has it there [#1 delete by bo; #2 undo by bo; #3 redo by bo]',
    ])
  })
})

describe("the chaos verdict on the To review inbox's bulk edits", () => {
  const item = (id: string, deleted = false): ServerItem => ({
    id,
    user_id: BO,
    name: id,
    is_public: false,
    deleted_at: deleted ? '2026-11-27T12:00:00Z' : null,
  })
  const tag = (itemId: string, verified: boolean, value = `${itemId}-top`): ServerTag => ({
    id: `${itemId}-${value}`,
    wardrobe_item_id: itemId,
    tag_type: 'category',
    tag_value: value,
    is_verified: verified,
    deleted_at: null,
  })
  const wardrobe = (items: ServerItem[], tags: ServerTag[]): ServerState => ({
    walls: [],
    polaroids: [],
    stickers: [],
    items,
    tags,
    profiles: [],
  })
  const bulk = (ledger: Ledger, kind: Action['kind'], extra: Partial<Action> = {}) =>
    ledger.record({
      kind,
      actor: 'bo',
      userId: BO,
      accepted: true,
      wallId: '',
      itemIds: ['i1', 'i2'],
      ...extra,
    })
  const seeded = [
    { id: 'i1', name: 'i1' },
    { id: 'i2', name: 'i2' },
  ] as never
  const start = wardrobe([item('i1'), item('i2')], [tag('i1', false), tag('i2', false)])

  it('judges each item a bulk edit selected', async () => {
    const verify = new Ledger()
    bulk(verify, 'bulkVerify')
    const held = await checkServer(
      verify,
      wardrobe([item('i1'), item('i2')], [tag('i1', true), tag('i2', true)]),
      start,
      seeded,
      new Map(),
      logOf([]),
    )
    expect(held.lost).toEqual([])
    const half = await checkServer(
      verify,
      wardrobe([item('i1'), item('i2')], [tag('i1', true), tag('i2', false)]),
      start,
      seeded,
      new Map(),
      logOf([]),
    )
    expect(half.lost).toHaveLength(1)
    expect(half.lost[0]).toMatch(/^#1 bulkVerify by bo: item i2 still has unverified tags category i2-top/)

    const tagged = new Ledger()
    bulk(tagged, 'bulkTag', { tagType: 'material', tagValue: 'wool' })
    const one = await checkServer(
      tagged,
      wardrobe(
        [item('i1'), item('i2')],
        [tag('i1', false), tag('i2', false), { ...tag('i1', true, 'wool'), tag_type: 'material' }],
      ),
      start,
      seeded,
      new Map(),
      logOf([]),
    )
    expect(one.lost).toHaveLength(1)
    expect(one.lost[0]).toMatch(/^#1 bulkTag by bo: item i2 should have material wool \(verified\)/)
  })

  it('expects a bulk delete done, and one undone from its toast not done', async () => {
    const deleted = new Ledger()
    bulk(deleted, 'bulkDelete')
    expect(
      (
        await checkServer(
          deleted,
          wardrobe([item('i1', true), item('i2', true)], []),
          start,
          seeded,
          new Map(),
          logOf([]),
        )
      ).lost,
    ).toEqual([])
    expect(
      (
        await checkServer(
          deleted,
          wardrobe([item('i1', true), item('i2')], [tag('i2', false)]),
          start,
          seeded,
          new Map(),
          logOf([]),
        )
      ).lost,
    ).toHaveLength(1)

    const undone = new Ledger()
    bulk(undone, 'bulkDelete', { undone: true })
    expect((await checkServer(undone, start, start, seeded, new Map(), logOf([]))).lost).toEqual([])
    const wrong = await checkServer(
      undone,
      wardrobe([item('i1', true), item('i2')], [tag('i2', false)]),
      start,
      seeded,
      new Map(),
      logOf([]),
    )
    expect(
      wrong.lost.some((f) =>
        f.startsWith('#1 bulkDelete by bo: item i1 was deleted though its delete was undone'),
      ),
    ).toBe(true)
  })
})
