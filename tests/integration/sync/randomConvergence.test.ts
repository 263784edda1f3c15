// Many devices doing random things to one wall, with random network faults, disconnects and killed
// workers: afterwards every replica equals the server. A seed that ever fails is added to
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

/** Seeds that once failed, kept as regression tests (seed: what it caught). */
const regressionSeeds: Array<[number, string]> = [
  // Both failed (timing-dependent) before stale rows were re-read: a pull merged a newer version under a
  // pending move that the server had in fact already applied, and the cursor then passed that version.
  [1008, 'newer version masked by an applied but unacknowledged move'],
  [1054, 'newer version masked by an applied but unacknowledged move'],
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
})

afterAll(async () => {
  await stack.close()
})

async function attempt(work: () => Promise<unknown>): Promise<void> {
  try {
    await work()
  } catch (error) {
    if (!(error instanceof MutationError)) throw error // a refused local edit is part of the game
  }
}

async function step(random: Random, devices: Device[], wallId: string, restart: (i: number) => Promise<void>) {
  const index = random.int(devices.length)
  const d = devices[index]!
  const local = await d.replica.db.polaroids.where('wallId').equals(wallId).toArray()
  const target = local.length > 0 ? random.pick(local) : null
  switch (random.int(11)) {
    case 0:
    case 1:
      await attempt(() =>
        addPolaroid(d.replica, { wallId, name: `n${random.int(100)}`, message: 'm', externalUrl: `https://example.com/${random.int(1e6)}.jpg` }),
      )
      break
    case 2:
    case 3:
    case 4:
      if (target) await attempt(() => movePolaroid(d.replica, target.id, { x: random.int(2000), y: random.int(2000), zIndex: 1 + random.int(50) }))
      break
    case 5:
      if (target) await attempt(() => editPolaroid(d.replica, target.id, { name: `e${random.int(100)}`, message: `m${random.int(100)}` }))
      break
    case 6:
      if (target && random.chance(0.5)) await attempt(() => deletePolaroid(d.replica, target.id))
      break
    case 7:
      await attempt(() => renameWall(d.replica, wallId, `Wall ${random.int(1000)}`))
      break
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

async function runSeed(seed: number) {
  const random = seededRandom(seed)
  const devices: Device[] = [
    await startDevice(stack, owner),
    await startDevice(stack, owner),
    await startDevice(stack, guest),
  ]
  const releases: Array<() => void> = []
  try {
    const wallId = await createWall(devices[0]!.replica, { name: `Fuzz ${seed}` })
    await devices[0]!.engine.flush()
    for (const d of devices) releases.push(d.replica.sync.retainScope(wallScope(wallId)))
    const restart = async (i: number) => {
      devices[i] = await devices[i]!.restart()
      releases.push(devices[i].replica.sync.retainScope(wallScope(wallId)))
    }
    for (let n = 0; n < 45; n++) await step(random, devices, wallId, restart)

    // Everyone comes back online and settles.
    for (const d of devices) d.net.heal()
    for (let round = 0; round < 4; round++) {
      for (const d of devices) await d.engine.flush()
    }
    for (const d of devices) expect(await d.replica.db.outbox.count()).toBe(0)
    for (const d of devices) expect((await d.engine.pull(wallScope(wallId))).status).toBe('pulled')

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
