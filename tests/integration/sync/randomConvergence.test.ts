// Many devices doing random things to one wall, with random network faults, disconnects and killed
// workers: afterwards every write a device accepted is on the server (or refused by it for the one
// reason the protocol allows), last values follow the server's commit order, and every replica equals
// the server. A seed that ever fails is added to
// `regressionSeeds` with a note, so it is replayed forever. More seeds: MOORI_FUZZ_SEEDS=20.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { startDevice, type Device } from '../../support/syncedReplica'
import { isPush, isPull } from '../../support/faultyFetch'
import { seededRandom, type Random } from '../../support/random'
import { serverPolaroids } from '../../support/serverState'
import { createWall, renameWall } from '../../../src/data/mutations/walls'
import { addPolaroid, deletePolaroid, editPolaroid, movePolaroid } from '../../../src/data/mutations/polaroids'
import { MutationError } from '../../../src/data/replica'
import { wallScope } from '../../../src/data/model/scopes'
import { messages } from '../../../src/lib/messages'
import { installCommitLog, positionValue, readCommitLog, textValue, type LoggedField } from './commitLog'

/** Seeds that once failed, kept as regression tests (seed: what it caught). */
const regressionSeeds: Array<[number, string]> = [
  // Both failed (timing-dependent) before stale rows were re-read: a pull merged a newer version under a
  // pending move that the server had in fact already applied, and the cursor then passed that version.
  [1008, 'newer version masked by an applied but unacknowledged move'],
  [1054, 'newer version masked by an applied but unacknowledged move'],
  // 1008 failed again (timing-dependent, in CI): an edit to values a card already held, pushed after
  // another device deleted the card, came back 'not allowed' (see 20261127000000_push_to_deleted_rows.sql).
]
const extra = Number(process.env.MOORI_FUZZ_SEEDS ?? 0)
const randomSeeds = [101, 202, 303, ...Array.from({ length: extra }, (_, i) => 1000 + i)]

let stack: TestStack
let owner: TestUser
let guest: TestUser

beforeAll(async () => {
  stack = await startTestStack()
  owner = await createTestUser(stack, { username: 'fuzz_owner' })
  guest = await createTestUser(stack, { username: 'fuzz_guest' })
  await installCommitLog(stack)
})

afterAll(async () => {
  await stack.close()
})

/** What one device meant to write; judged against the server once everything settled. */
type Intent =
  | { kind: 'add'; device: number; id: string }
  | { kind: 'move'; device: number; id: string; value: string }
  | { kind: 'edit'; device: number; id: string; value: string }
  | { kind: 'delete'; device: number; id: string }
  | { kind: 'rename'; device: number; id: string; value: string }

interface Ledger {
  intents: Intent[]
  /** Local refusals per reason: only the ones the rules predict (a guest editing the owner's card). */
  refusedLocally: Map<string, number>
}

/**
 * A local refusal is fine only when the spec's rules say this user may not, or when the card it concerns
 * left this device's replica after it was picked (a delete from elsewhere arrived in between: the app
 * rightly says it no longer exists); anything else fails.
 */
async function attempt(
  ledger: Ledger,
  expectedRefusal: string | null,
  work: () => Promise<Intent | null>,
  vanished: () => Promise<boolean> = () => Promise.resolve(false),
): Promise<void> {
  try {
    const intent = await work()
    if (intent) ledger.intents.push(intent)
  } catch (error) {
    if (!(error instanceof MutationError)) throw error
    if (error.message === messages.itemGone && error.message !== expectedRefusal && (await vanished())) {
      ledger.refusedLocally.set(error.message, (ledger.refusedLocally.get(error.message) ?? 0) + 1)
      return
    }
    expect(error.message, 'a refused local edit that the rules do not predict').toBe(expectedRefusal)
    ledger.refusedLocally.set(error.message, (ledger.refusedLocally.get(error.message) ?? 0) + 1)
  }
}

async function step(random: Random, devices: Device[], wallId: string, ownerId: string, ledger: Ledger, restart: (i: number) => Promise<void>) {
  const index = random.int(devices.length)
  const d = devices[index]!
  const isOwner = d.user?.id === ownerId
  const local = await d.replica.db.polaroids.where('wallId').equals(wallId).toArray()
  const target = local.length > 0 ? random.pick(local) : null
  const manages = isOwner || target?.createdBy === d.user?.id
  // A device that has not pulled the wall yet (offline since it joined) cannot add to it or rename it.
  const wallHere = (await d.replica.db.walls.get(wallId)) !== undefined
  const targetGone = async () => target !== null && (await d.replica.db.polaroids.get(target.id)) === undefined
  switch (random.int(11)) {
    case 0:
    case 1: {
      const input = { wallId, name: `n${random.int(100)}`, message: 'm', externalUrl: `https://example.com/${random.int(1e6)}.jpg` }
      await attempt(ledger, wallHere ? null : messages.wallGone, async () => ({ kind: 'add', device: index, id: await addPolaroid(d.replica, input) }))
      break
    }
    case 2:
    case 3:
    case 4:
      if (target) {
        const position = { x: random.int(2000), y: random.int(2000), zIndex: 1 + random.int(50) }
        await attempt(ledger, manages ? null : messages.moveOwnOnly, async () => {
          await movePolaroid(d.replica, target.id, position)
          return { kind: 'move', device: index, id: target.id, value: positionValue(position) }
        }, targetGone)
      }
      break
    case 5:
      if (target) {
        const edit = { name: `e${random.int(100)}`, message: `m${random.int(100)}` }
        await attempt(ledger, isOwner ? null : messages.ownerEditsOnly, async () => {
          await editPolaroid(d.replica, target.id, edit)
          return { kind: 'edit', device: index, id: target.id, value: textValue(edit) }
        }, targetGone)
      }
      break
    case 6:
      if (target && random.chance(0.5))
        await attempt(ledger, manages ? null : messages.deleteOwnPolaroidsOnly, async () => {
          await deletePolaroid(d.replica, target.id)
          return { kind: 'delete', device: index, id: target.id }
        }, targetGone)
      break
    case 7: {
      const name = `Wall ${random.int(1000)}`
      await attempt(ledger, !wallHere ? messages.wallGone : isOwner ? null : messages.wallOwnerOnly, async () => {
        await renameWall(d.replica, wallId, name)
        return { kind: 'rename', device: index, id: wallId, value: name }
      })
      break
    }
    case 8:
      d.net.offline = !d.net.offline
      break
    case 9:
      if (random.chance(0.5)) d.net.loseResponses(random.chance(0.5) ? isPush : isPull, 1)
      else await d.engine.flush()
      break
    case 10:
      if (random.chance(0.3)) await restart(index)
      else await d.engine.pull(wallScope(wallId)) // may fail offline: the failure is recorded on the scope
      break
  }
}

const fieldOf = { move: 'position', edit: 'text', rename: 'name' } as const

/**
 * Every write a device meant to make is on the server, or refused by it for the one reason the
 * protocol allows here (the item was deleted meanwhile). For a value several devices set, the server
 * holds the last one in its commit order: each device's last value was committed (a device pushes in
 * order, so its earlier ones may be folded away), and the one committed last is what the server keeps.
 */
async function checkEveryWriteLanded(seed: number, devices: Device[], ledger: Ledger) {
  const refusedByServer = new Map<string, number>()
  const refusedKeys = new Set<string>()
  const deletedOnServer = async (id: string) =>
    (await stack.db.query('select 1 from public.polaroids where id = $1 and deleted_at is not null', [id])).rows.length > 0
  for (const [device, d] of devices.entries()) {
    for (const failed of await d.replica.db.failedMutations.toArray()) {
      // The only refusal these actions can meet on the server: the card was deleted by another device.
      expect({ seed, device, refusal: failed.serverMessage }).toEqual({ seed, device, refusal: messages.itemGone })
      expect(await deletedOnServer(failed.entry.rowId), `refused for a card that still exists (seed ${seed})`).toBe(true)
      refusedByServer.set(failed.serverMessage, (refusedByServer.get(failed.serverMessage) ?? 0) + 1)
      refusedKeys.add(`${device}:${failed.entry.rowId}`)
    }
  }

  const { rows } = await stack.db.query<{ id: string; deleted: boolean }>(
    'select id, deleted_at is not null as deleted from public.polaroids where id = any($1)',
    [ledger.intents.filter((i) => i.kind === 'add').map((i) => i.id)],
  )
  const onServer = new Map(rows.map((r) => [r.id, r.deleted]))
  const deletes = new Set(ledger.intents.filter((i) => i.kind === 'delete').map((i) => i.id))
  let lost = 0
  for (const intent of ledger.intents) {
    if (intent.kind === 'add') {
      expect({ seed, added: intent.id, onServer: onServer.has(intent.id) }).toEqual({ seed, added: intent.id, onServer: true })
      if (onServer.get(intent.id)) expect({ seed, deletedWithoutADelete: intent.id, deleted: deletes.has(intent.id) }).toMatchObject({ deleted: true })
    }
    if (intent.kind === 'delete') expect({ seed, deleted: intent.id, onServer: await deletedOnServer(intent.id) }).toMatchObject({ onServer: true })
  }

  // The last value each device set per item and field, against the log of commits.
  const log = await readCommitLog(stack)
  const lastPerDevice = new Map<string, Map<number, string>>()
  for (const intent of ledger.intents) {
    if (intent.kind !== 'move' && intent.kind !== 'edit' && intent.kind !== 'rename') continue
    const key = `${intent.id}:${fieldOf[intent.kind]}`
    const perDevice = lastPerDevice.get(key) ?? new Map<number, string>()
    perDevice.set(intent.device, intent.value)
    lastPerDevice.set(key, perDevice)
  }
  let checkedValues = 0
  for (const [key, perDevice] of lastPerDevice) {
    const [id, field] = key.split(':') as [string, LoggedField]
    if (field !== 'name' && (await deletedOnServer(id))) continue // gone: nothing of it is visible any more
    const entries = log.filter((e) => e.id === id && e.field === field)
    let winner: { seq: number; value: string } | null = null
    for (const [device, value] of perDevice) {
      const last = entries.filter((e) => e.value === value).at(-1)
      if (!last) {
        if (refusedKeys.has(`${device}:${id}`)) continue
        lost += 1
        expect({ seed, device, id, field, value, committed: false }).toMatchObject({ committed: true })
        continue
      }
      if (!winner || last.seq > winner.seq) winner = last
      checkedValues += 1
    }
    const final = entries.at(-1)
    if (final?.value !== winner?.value) {
      // The history that explains the failure.
      console.log('log', entries)
      console.log('intents', ledger.intents.filter((i) => i.id === id))
    }
    expect({ seed, id, field, final: final?.value }).toEqual({ seed, id, field, final: winner?.value })
  }
  const count = (kind: Intent['kind']) => ledger.intents.filter((i) => i.kind === kind).length
  console.log(
    `seed ${seed}: accepted add ${count('add')}, move ${count('move')}, edit ${count('edit')}, delete ${count('delete')}, ` +
      `rename ${count('rename')}; last values checked against the commit order ${checkedValues}; ` +
      `refused locally ${JSON.stringify(Object.fromEntries(ledger.refusedLocally))}; ` +
      `refused by the server ${JSON.stringify(Object.fromEntries(refusedByServer))}; lost ${lost}`,
  )
  // A run whose actions all bounced off proves nothing.
  for (const kind of ['add', 'move'] as const) expect({ seed, kind, accepted: count(kind) > 0 }).toMatchObject({ accepted: true })
}

async function runSeed(seed: number) {
  const random = seededRandom(seed)
  const devices: Device[] = [
    await startDevice(stack, owner),
    await startDevice(stack, owner),
    await startDevice(stack, guest),
  ]
  const releases: Array<() => void> = []
  const ledger: Ledger = { intents: [], refusedLocally: new Map() }
  try {
    const wallId = await createWall(devices[0]!.replica, { name: `Fuzz ${seed}` })
    await devices[0]!.engine.flush()
    for (const d of devices) releases.push(d.replica.sync.retainScope(wallScope(wallId)))
    const restart = async (i: number) => {
      devices[i] = await devices[i]!.restart()
      releases.push(devices[i].replica.sync.retainScope(wallScope(wallId)))
    }
    for (let n = 0; n < 45; n++) await step(random, devices, wallId, owner.id, ledger, restart)

    // Everyone comes back online and settles.
    for (const d of devices) d.net.heal()
    for (let round = 0; round < 4; round++) {
      for (const d of devices) await d.engine.flush()
    }
    for (const d of devices) expect(await d.replica.db.outbox.count()).toBe(0)
    for (const d of devices) expect((await d.engine.pull(wallScope(wallId))).status).toBe('pulled')

    await checkEveryWriteLanded(seed, devices, ledger)

    const server = await serverPolaroids(stack, wallId)
    const { rows } = await stack.db.query<{ name: string }>('select name from public.walls where id = $1', [wallId])
    for (const [i, d] of devices.entries()) {
      const local = await d.replica.db.polaroids.where('wallId').equals(wallId).sortBy('id')
      const mine = local.map((p) => ({ id: p.id, x: p.x, y: p.y, z_index: p.zIndex, name: p.name, message: p.message }))
      expect({ seed, device: i, polaroids: mine }).toEqual({ seed, device: i, polaroids: server })
      expect((await d.replica.db.walls.get(wallId))?.name).toBe(rows[0]!.name)
    }
  } finally {
    releases.forEach((release) => release())
    await Promise.all(devices.map((d) => d.close()))
  }
}

describe('random operations with faults converge', () => {
  if (regressionSeeds.length > 0) {
    it.each(regressionSeeds)('regression seed %i (%s)', async (seed) => {
      await runSeed(seed)
    })
  }

  it.each(randomSeeds)('seed %i', async (seed) => {
    await runSeed(seed)
  })
})
