// The chaos run (issues 14, 28): two people in two browser contexts, one of them with a second tab, share
// two walls and do random things through the UI (add photos, move, edit, delete, toggle privacy, create
// and delete walls; stick wardrobe items on walls as stickers, move and delete them; undo and redo a move, an add, a delete or an edit;
// on their own profile rename, show, hide and delete wardrobe items, verify, edit, remove and add their
// tags, edit the profile, and in the To review inbox verify, tag, show, hide and delete several items at
// once, the delete sometimes undone from its toast) while the network misbehaves: a fifth of REST, RPC and Storage requests fail (500,
// dropped, or the answer lost after the server committed), realtime sockets drop, offline spells come
// and go, a tab reloads in the middle of a push, the syncing tab closes. Then everything comes back
// online and the run checks that nothing was lost or doubled and every replica equals what its person
// may see. Seeded: the same seed makes the same choices.
//
//   npm run chaos                       regression seeds and seeds 1..3
//   MOORI_CHAOS_SEEDS=12 npm run chaos  seeds 1..12;  MOORI_CHAOS_SEEDS=7,42 runs those two
//   MOORI_CHAOS_ACTIONS=400             more actions per seed (200 by default)
// In `npm test` it runs seed 1 alone, with 60 actions (CI time).
import os from 'node:os'
import { expect, test, type Browser, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test'
import { seededRandom, type Random } from '../../support/random'
import { describePush, diagnosePush } from '../support/pushDiagnosis'
import { E2E_PORT } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { photo, seedWall } from '../support/walls'
import { injectFaults, type ContextFaults } from './faults'
import { bulkEdit } from './bulkActions'
import { CommitLog } from './commitLog'
import { checkServer, type Verdict } from './invariants'
import { replicaDiffs } from './replicaDiffs'
import { readReplica, serverState, type ServerState } from './snapshots'
import { Ledger, suspectBound, type ActionKind, type UndoStepKind } from './ledger'
import { changeTag, deleteItem, editItem, editProfile, toggleItemPrivacy } from './profileActions'
import { startTcpProxy, type TcpProxy } from './tcpProxy'
import {
  addPolaroid,
  addSticker,
  createWall,
  deletePolaroid,
  deleteSticker,
  appRunning,
  deleteWall,
  editMessage,
  hasOwnSticker,
  movePolaroid,
  moveSticker,
  openWall,
  togglePrivacy,
  undoRedo,
  wallShown,
  type Actor,
  type ChaosUser,
} from './uiActions'
import { seedChaosWardrobe, type ChaosItem } from './wardrobeSetup'

/** Seeds that once failed, kept as regression tests (seed: what it caught). */
const regressionSeeds: Array<[number, string]> = [
  // Bo made his wall private while Ada had it open; realtime told her nothing, so her replica kept it
  // (about 340 attempts in; SyncEngine.test.ts holds the unit tests).
  [1, "a wall made private while open stayed in the other user's replica"],
]

function chosenSeeds(): number[] {
  const setting = process.env.MOORI_CHAOS_SEEDS
  if (!setting) return [1]
  const listed = setting.includes(',') ? setting.split(',').map(Number) : Array.from({ length: Number(setting) }, (_, i) => i + 1)
  const withRegressions = process.env.MOORI_CHAOS_REGRESSIONS === '0' ? [] : regressionSeeds.map(([seed]) => seed)
  return [...new Set([...withRegressions, ...listed])]
}

const ACTIONS = Number(process.env.MOORI_CHAOS_ACTIONS ?? 200)
/** MOORI_CHAOS_DEBUG=1 prints every step with its duration. */
const DEBUG = process.env.MOORI_CHAOS_DEBUG === '1'
const FAULT_RATE = 0.2
/** A push the server failed (a 500) keeps its backoff after the network heals, up to a minute
 * (workers/sync/backoff.ts): the outboxes get that long and a push's time on top. */
const CONVERGE_MS = 75_000
/** A healed network should empty every outbox well within this; a slower drain is diagnosed as it happens. */
const SLOW_DRAIN_MS = 10_000
/** Each seed must get this many actions of each kind accepted, or it proved little about that kind
 * (deleting a wall needs one's own new wall shown, so it is rarer: required from 150 actions on). */
function minimumAccepted(actions: number): Partial<Record<ActionKind, number>> {
  const each = actions >= 150 ? 3 : 1
  const rarer = actions >= 150 ? 2 : 1
  return {
    add: each,
    move: each,
    edit: each,
    delete: each,
    privacy: each,
    createWall: each,
    ...(actions >= 150 ? { deleteWall: 1 } : {}),
    stickerAdd: each,
    stickerMove: rarer,
    stickerDelete: rarer,
    undo: rarer,
    redo: rarer,
    itemEdit: rarer,
    itemPrivacy: rarer,
    itemDelete: rarer,
    tagAdd: rarer,
    tagEdit: rarer,
    tagVerify: rarer,
    tagRemove: rarer,
    profileEdit: rarer,
    bulkVerify: rarer,
    bulkTag: rarer,
    bulkPrivacy: rarer,
    bulkDelete: rarer,
  }
}

/** How often each kind of action is picked (relative weights): moves most, as people do. The profile's
 * actions and sticker adds take 3-8 s each on a busy machine (a navigation, a dialog, a save) against
 * 0.3-1 s for a move, so they are picked less; the catch-up below still gets each to its minimum. */
const WEIGHTS: Array<[ActionKind, number]> = [
  ['move', 22],
  ['add', 8],
  ['delete', 5],
  ['edit', 5],
  ['privacy', 5],
  ['createWall', 5],
  ['deleteWall', 4],
  ['stickerAdd', 4],
  ['stickerMove', 6],
  ['stickerDelete', 4],
  ['undo', 5],
  ['itemEdit', 2],
  ['itemPrivacy', 3],
  ['itemDelete', 2],
  ['tagAdd', 2],
  ['tagEdit', 2],
  ['tagVerify', 2],
  ['tagRemove', 2],
  ['profileEdit', 2],
  ['bulkVerify', 1],
  ['bulkTag', 1],
  ['bulkPrivacy', 1],
  ['bulkDelete', 1],
]
/** A share of the picks goes to a kind still short of its minimum, so a short seed (CI's) reaches every
 * minimum without the weights turning into a fixed rotation. */
const CATCH_UP = 0.3
/** Items each person starts with (deletes stop at three, see profileActions.ts). */
const ITEMS_EACH = 6

/** Actions made on one's own profile page rather than on a wall. */
const ON_PROFILE = new Set<ActionKind>([
  'itemEdit',
  'itemPrivacy',
  'itemDelete',
  'tagAdd',
  'tagEdit',
  'tagVerify',
  'tagRemove',
  'profileEdit',
  'bulkVerify',
  'bulkTag',
  'bulkPrivacy',
  'bulkDelete',
])

function pickKind(random: Random, short: ActionKind[]): ActionKind {
  if (short.length > 0 && random.chance(CATCH_UP)) return random.pick(short)
  const total = WEIGHTS.reduce((n, [, w]) => n + w, 0)
  let roll = random.next() * total
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight
    if (roll < 0) return kind
  }
  return 'move'
}

/** Which change an undo takes back: every kind of step in turn more or less, the ones with fewest
 * accepted undos first half of the time (only an owner edits, so edits come up less on their own). */
const UNDO_STEPS: UndoStepKind[] = ['move', 'add', 'delete', 'edit']
function pickUndoStep(random: Random, ledger: Ledger): UndoStepKind {
  if (random.chance(0.5)) return random.pick(UNDO_STEPS)
  const done = (step: UndoStepKind) => ledger.accepted('undo').filter((a) => (a.step ?? 'move') === step).length
  return UNDO_STEPS.reduce((fewest, step) => (done(step) < done(fewest) ? step : fewest))
}

interface Person {
  user: ChaosUser
  context: BrowserContext
  proxy: TcpProxy
  faults: ContextFaults
  /** Its tabs, oldest first: the oldest holds the sync lock. */
  tabs: Actor[]
  offlineUntil: number
  /** The last warnings and errors its pages and workers logged (the sync engine's among them), printed
   * when its outbox does not drain. */
  console: string[]
}

const CONSOLE_KEPT = 40

/** Keeps the warnings and errors of every page of the context and of the pages' workers. */
function keepConsole(context: BrowserContext, began: number): string[] {
  const kept: string[] = []
  const keep = (where: string, message: ConsoleMessage) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return
    kept.push(`${((Date.now() - began) / 1000).toFixed(1)} s ${where} ${message.type()}: ${message.text().slice(0, 300)}`)
    if (kept.length > CONSOLE_KEPT) kept.shift()
  }
  context.on('page', (page) => {
    page.on('console', (message) => keep('page', message))
    page.on('worker', (worker) => worker.on('console', (message) => keep(`worker ${worker.url().split('/').pop()}`, message)))
  })
  return kept
}

test.describe.configure({ mode: 'serial' })
// A step of the harness never waits long: a tab reloading under it just makes the step not happen.
test.use({ actionTimeout: 5000, navigationTimeout: 15_000 })

for (const seed of chosenSeeds()) {
  test(`chaos seed ${seed}: nothing lost, nothing doubled, every replica converges @chaos`, async ({ browser }) => {
    // Setup, healing and the verdict take up to about three minutes; an action up to 4 s (3.1 s a step
    // measured at load 10 on two cores, 1.3 steps an action; a move 0.3-1 s, a profile or sticker action
    // 3-8 s: a navigation, a dialog and a save). The limit is that, whatever else the machine runs: a run
    // that needs more is slow, and that is worth a failure to look into.
    test.setTimeout(170_000 + ACTIONS * 4000)
    await runChaos(browser, seed)
  })
}

async function person(browser: Browser, user: ChaosUser, faultRandom: Random, ledger: Ledger): Promise<Person> {
  const proxy = await startTcpProxy(E2E_PORT)
  // No service worker: requests go straight from the pages and the sync worker, where routes see them.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const logged = keepConsole(context, Date.now())
  await signInContext(context, user)
  const faults = await injectFaults(context, faultRandom, ledger.faults)
  const p: Person = { user, context, proxy, faults, tabs: [], offlineUntil: 0, console: logged }
  faults.onReload = (page) => {
    ledger.interrupted()
    const reloaded = p.tabs.find((tab) => tab.page === page)
    if (reloaded) p.tabs = [...p.tabs.filter((tab) => tab !== reloaded), reloaded]
  }
  return p
}

/** A new tab's first load builds its replica and pulls the account before the wall shows; on a busy
 * machine that alone has taken over 15 s (load 20 on 2 cores), so a new tab gets a minute. */
const FIRST_LOAD_MS = 60_000

async function openTab(p: Person, name: string, wallId: string): Promise<Actor> {
  const actor: Actor = { name, user: p.user, context: p.context, page: await p.context.newPage(), origin: p.proxy.origin, wallId: null }
  p.tabs.push(actor)
  await openWall(actor, wallId, false, FIRST_LOAD_MS)
  return actor
}

async function runChaos(browser: Browser, seed: number): Promise<void> {
  const began = Date.now()
  const random = seededRandom(seed)
  // Three streams, so the actions and the fault events stay the same for a seed however the requests
  // happen to interleave (the per-request decisions take from their own stream, in arrival order).
  const faultRandom = seededRandom(seed * 7919 + 17)
  const eventRandom = seededRandom(seed * 104_729 + 31)
  const ledger = new Ledger()
  const tag = `c${seed}x${Date.now().toString(36)}`
  const [adaUser, boUser] = await Promise.all([createUser(), createUser()])
  const shared = [
    await seedWall(adaUser, { name: `${tag} Ada's`, polaroids: [{ name: `${tag}-a1` }, { name: `${tag}-a2`, by: boUser }] }),
    await seedWall(boUser, { name: `${tag} Bo's`, polaroids: [{ name: `${tag}-b1` }, { name: `${tag}-b2`, by: adaUser }] }),
  ].map((w) => w.id)
  const created: string[] = []
  const photos = await Promise.all([0, 120, 240].map((hue) => photo(hue, 160, 120)))
  const items: ChaosItem[] = [...(await seedChaosWardrobe(adaUser, `${tag}-ada`, ITEMS_EACH)), ...(await seedChaosWardrobe(boUser, `${tag}-bo`, ITEMS_EACH))]
  const userIds = [adaUser.id, boUser.id]
  // Every change of walls, polaroids and stickers from here on, in the server's order of commits.
  const log = await CommitLog.start()
  // The server as the run found it: what stays unless an action changed it.
  const start = await serverState(shared, userIds)
  const ada = await person(browser, adaUser, faultRandom, ledger)
  const bo = await person(browser, boUser, faultRandom, ledger)
  const people = [ada, bo]
  let tabsOpened = 0
  const newTabName = () => `ada-${++tabsOpened}`
  try {
    const tabsAt = Date.now()
    await openTab(ada, newTabName(), shared[0]!)
    await openTab(ada, newTabName(), shared[1]!)
    await openTab(bo, 'bo', shared[0]!)
    for (const p of people) p.faults.rate = FAULT_RATE
    const actionsAt = Date.now()

    const walls = () => [...shared, ...created]
    const online = (p: Person) => p.offlineUntil === 0
    const ownerOf = (p: Person) => p.user.id
    // An attempt may find nothing to do (no card of one's own to move, not the owner): the run goes on
    // until ACTIONS actions were done, trying at most three times as often.
    let attempts = 0
    const harnessErrors: string[] = []
    let step = 0
    let names = 0
    let arrivals = 0
    const minimums = minimumAccepted(ACTIONS)
    const shortKinds = () => {
      const accepted = ledger.byKind(true)
      return (Object.entries(minimums) as Array<[ActionKind, number]>).filter(([kind, n]) => (accepted[kind] ?? 0) < n).map(([kind]) => kind)
    }
    const act = async (p: Person, actor: Actor, kind: ActionKind) => {
      switch (kind) {
        case 'move':
          return movePolaroid(actor, random, ledger)
        case 'add':
          return addPolaroid(actor, random.pick(photos), `${tag}-p${++names}`, ledger)
        case 'delete':
          return deletePolaroid(actor, random, ledger)
        case 'edit':
          return editMessage(actor, random, `${tag} message ${++names}`, ledger)
        case 'privacy':
          return togglePrivacy(actor, ledger)
        case 'createWall': {
          if (!online(p)) return ledger.skip('createWall: offline, no navigation')
          const wallId = await createWall(actor, `${tag} new ${++names}`, ledger)
          if (wallId) created.push(wallId)
          return
        }
        case 'deleteWall': {
          const own = created.filter((id) => id === actor.wallId && ledger.actions.some((a) => a.kind === 'createWall' && a.wallId === id && a.userId === ownerOf(p)))
          if (own.length === 0) return ledger.skip('deleteWall: not on a wall of its own making')
          await deleteWall(actor, ledger)
          return
        }
        case 'stickerAdd':
          return addSticker(actor, random, ledger)
        case 'stickerMove':
        case 'stickerDelete':
          // With no sticker of one's own on the wall, a person sticks one on first.
          if (!(await hasOwnSticker(actor))) return addSticker(actor, random, ledger)
          return kind === 'stickerMove' ? moveSticker(actor, random, ledger) : deleteSticker(actor, random, ledger)
        case 'undo':
        case 'redo':
          return undoRedo(actor, random, ledger, pickUndoStep(random, ledger), { photo: random.pick(photos), name: `${tag}-p${++names}` }, `${tag} message ${++names}`)
        case 'itemEdit':
          return editItem(actor, random, `${tag}-item${++names}`, ledger)
        case 'itemPrivacy':
          return toggleItemPrivacy(actor, random, ledger)
        case 'itemDelete':
          return deleteItem(actor, random, ledger)
        case 'tagAdd':
        case 'tagEdit':
        case 'tagVerify':
        case 'tagRemove':
          return changeTag(actor, random, kind, `${tag}-t${++names}`, ledger)
        case 'profileEdit':
          return editProfile(actor, `${tag} ${actor.name} ${++names}`.slice(0, 50), ledger)
        case 'bulkVerify':
        case 'bulkTag':
        case 'bulkPrivacy':
        case 'bulkDelete':
          if ((await bulkEdit(actor, random, kind, `${tag}-bulk${++names}`, ledger)) === 'needs new items') {
            // The inbox ran dry (its tags all verified) or the wardrobe is down to its last items: new
            // items arrive as the engine delivers them, with AI tags to review, so the bulk kinds can
            // still reach their minimums (seed 2 once spent 166 attempts on an empty inbox).
            items.push(...(await seedChaosWardrobe(actor.user, `${tag}-${actor.name}-n${++arrivals}`, 3)))
            ledger.newItems += 3
          }
          return
      }
    }


    while (ledger.actions.length < ACTIONS && attempts < ACTIONS * 3) {
      step += 1
      await faultEvents(people, eventRandom, ledger, step, newTabName, walls)
      const p = random.pick(people)
      const actor = random.pick(p.tabs)
      ledger.beginAttempt()
      const kind = pickKind(random, shortKinds())
      // The profile's actions go to the profile from wherever the tab is, through the running app (so
      // offline too); the others need a wall shown, and now and then the tab opens another.
      const profileKind = ON_PROFILE.has(kind) && (await appRunning(actor))
      const shown = await wallShown(actor)
      if (!profileKind && (!shown || random.chance(0.05))) {
        if (online(p)) {
          const target = random.pick(walls())
          const started = Date.now()
          // Mostly through the app's own navigation; now and then a full load (a fresh worker and replica
          // connection in that tab).
          await openWall(actor, target, shown).catch((error: unknown) => ledger.skip('open: navigation failed', error))
          if (DEBUG) console.info(`step ${step} ${actor.name} open${shown ? ' (full load)' : ''} ${target} ${Date.now() - started} ms`)
        }
        continue
      }
      attempts += 1
      const started = Date.now()
      const before = ledger.actions.length
      try {
        await act(p, actor, kind)
        if (DEBUG) {
          const last = ledger.actions.length > before ? ledger.actions.at(-1) : undefined
          const subject = last?.polaroidId ?? last?.stickerId ?? last?.itemId
          const what = last ? `${last.kind}${subject ? ` ${subject}` : ''} ${last.accepted ? 'ok' : 'NOT accepted'}` : `${kind} skipped`
          console.info(`step ${step} #${attempts} ${actor.name} on ${last?.wallId ?? actor.wallId} ${what} ${Date.now() - started} ms`)
        }
      } catch (error) {
        // The harness lost its footing. Under a tab the run itself reloaded that is expected (the app is
        // judged at the end); otherwise it is a failure of the run, not an excuse.
        const message = `harness: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
        if (ledger.wasInterrupted) ledger.skip(message)
        else harnessErrors.push(`step ${step} ${actor.name}: ${message}`)
      }
    }

    // Everything back online, no more faults: how long until every replica agrees with the server?
    const healed = Date.now()
    const phases = `setup ${((tabsAt - began) / 1000).toFixed(0)} s, first tabs ${((actionsAt - tabsAt) / 1000).toFixed(0)} s, ${step} steps ${((healed - actionsAt) / 1000).toFixed(0)} s`
    for (const p of people) {
      p.faults.rate = 0
      p.faults.armReload(null)
      p.offlineUntil = 0
      p.proxy.setOffline(false)
      await p.context.setOffline(false)
    }
    // Walls whose creation the UI did not confirm in time are checked too: one the server has was made.
    const unconfirmed = ledger.actions.filter((a) => a.kind === 'createWall' && !a.accepted).map((a) => a.wallId)
    const verdict = await converge(people, ledger, [...new Set([...walls(), ...unconfirmed])], start, items, log)
    const seconds = (Date.now() - healed) / 1000
    report(seed, ledger, verdict, seconds, attempts, phases)
    expect(harnessErrors, `seed ${seed}: the harness failed outside any injected fault`).toEqual([])
    const suspects = ledger.excused('suspect')
    expect(ledger.count('suspect'), `seed ${seed}: excusals a UI regression would also give: ${JSON.stringify(suspects)}`).toBeLessThanOrEqual(suspectBound(attempts))
    const accepted = ledger.byKind(true)
    const short = Object.entries(minimumAccepted(ACTIONS)).filter(([kind, n]) => (accepted[kind] ?? 0) < n)
    expect(short, `seed ${seed}: too few accepted actions of a kind (accepted: ${JSON.stringify(accepted)})`).toEqual([])
    expect(verdict.lost, `seed ${seed}: lost`).toEqual([])
    expect(verdict.duplicated, `seed ${seed}: duplicated`).toEqual([])
    expect(verdict.replicaDiffs, `seed ${seed}: replicas`).toEqual([])
    expect(verdict.loading, `seed ${seed}: scopes left loading`).toEqual([])
    expect(verdict.untold, `seed ${seed}: refusals nobody was told about`).toEqual([])
    expect(verdict.logGaps, `seed ${seed}: the commit log misses writes the server has`).toEqual([])
  } finally {
    await log.stop()
    for (const p of people) {
      await p.context.close()
      await p.proxy.close()
    }
  }
}

/** Offline spells, dropped sockets, a reload armed for the next push, the syncing tab closing. */
async function faultEvents(
  people: Person[],
  random: Random,
  ledger: Ledger,
  step: number,
  newTabName: () => string,
  walls: () => string[],
): Promise<void> {
  for (const p of people) {
    if (p.offlineUntil > 0 && step >= p.offlineUntil) {
      p.offlineUntil = 0
      p.proxy.setOffline(false)
      await p.context.setOffline(false)
    }
  }
  const p = random.pick(people)
  const roll = random.next()
  if (roll < 0.03 && p.offlineUntil === 0) {
    p.offlineUntil = step + 4 + random.int(10)
    p.proxy.setOffline(true)
    await p.context.setOffline(true)
    ledger.fault('offline-spell')
  } else if (roll < 0.06) {
    const dropped = p.proxy.dropSockets()
    if (dropped > 0) ledger.fault('socket-drop', dropped)
  } else if (roll < 0.08 && p.offlineUntil === 0) {
    p.faults.armReload(() => p.tabs[0]?.page)
  } else if (roll < 0.09 && p.offlineUntil === 0 && p.tabs.length > 1) {
    // The oldest tab holds the sync lock: closing it hands syncing to the next one.
    const leader = p.tabs.shift()!
    ledger.interrupted()
    await leader.page.close()
    ledger.fault('leader-tab-closed')
    await openTab(p, newTabName(), random.pick(walls())).catch((error: unknown) => ledger.skip('open: the new tab did not load', error))
  }
}

async function waitFor(what: string, check: () => Promise<string[]>, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs
  let problems = await check()
  while (problems.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    problems = await check()
  }
  return problems.map((problem) => `${what}: ${problem}`)
}

/** After healing: pushes drain, each person opens every wall involved (so its scope pulls and goes
 * live) and the wardrobe import (so the window of others' items is pulled again), refusals are told,
 * and the replicas are compared with what the server lets them see. */
async function converge(people: Person[], ledger: Ledger, wallIds: string[], start: ServerState, seeded: ChaosItem[], log: CommitLog): Promise<Verdict> {
  const pageOf = (p: Person): Page => p.tabs[0]!.page
  const userIds = people.map((p) => p.user.id)
  const loading: string[] = []
  const drained: string[] = []
  const healed = Date.now()
  for (const p of people) {
    // A drain slower than SLOW_DRAIN_MS is sampled once while it waits: a run that passes slowly then
    // still says which engine held out and why (issue 38's stall, which a pass would otherwise hide).
    let sampled = false
    const stalled = await waitFor(`${p.tabs[0]!.name} outbox`, async () => {
      const replica = await readReplica(pageOf(p), p.user.id)
      if (replica.outbox > 0 && !sampled && Date.now() - healed > SLOW_DRAIN_MS) {
        sampled = true
        for (const tab of p.tabs) {
          const why = await diagnosePush(tab.page, p.user.id).then(describePush, (error: unknown) => `not readable: ${String(error)}`)
          console.info(`slow drain, ${((Date.now() - healed) / 1000).toFixed(1)} s after healing: ${tab.name} push: ${why}`)
        }
      }
      return replica.outbox > 0 ? [`${replica.outbox} changes still waiting`] : []
    }, CONVERGE_MS)
    drained.push(`${p.tabs[0]!.name} ${((Date.now() - healed) / 1000).toFixed(1)} s`)
    loading.push(...stalled)
    // A stall names the engine's own account of why, from every tab of the person.
    if (stalled.length > 0) {
      for (const tab of p.tabs) {
        const why = await diagnosePush(tab.page, p.user.id).then(describePush, (error: unknown) => `not readable: ${String(error)}`)
        loading.push(`${tab.name} push: ${why}`)
        console.info(`${tab.name} push: ${why}`)
      }
      console.info(`${p.tabs[0]!.name}'s last warnings and errors:\n  ${p.console.join('\n  ')}`)
    }
  }
  const scopeReady = (p: Person, scope: string, live: boolean) =>
    waitFor(`${p.tabs[0]!.name} ${scope}`, async () => {
      const state = (await readReplica(pageOf(p), p.user.id)).scopes.find((s) => s.key === scope)
      const ready = state?.status === 'ready' && (!live || state.channel === 'joined')
      return ready ? [] : [`is ${state?.status ?? 'absent'}, channel ${state?.channel ?? 'none'}`]
      // A pull the server failed (a 500) keeps its backoff, up to a minute: as long as an outbox gets.
    }, CONVERGE_MS)
  for (const p of people) {
    const actor = p.tabs[0]!
    for (const wallId of wallIds) {
      await openWall(actor, wallId)
      loading.push(...(await scopeReady(p, `wall:${wallId}`, true)))
    }
    loading.push(...(await scopeReady(p, 'me', true)))
    drained.push(`${actor.name} scopes live ${((Date.now() - healed) / 1000).toFixed(1)} s`)
    // The import dialog pulls other people's public items again (a window, not live).
    let shown = false
    for (const wallId of wallIds) if (!shown) shown = await openWall(actor, wallId)
    const pulledBefore = (await readReplica(pageOf(p), p.user.id)).scopes.find((s) => s.key === 'wardrobe')?.lastPulledAt ?? 0
    await actor.page.getByRole('toolbar', { name: 'Moori actions' }).getByRole('button', { name: 'Wardrobe import' }).click()
    loading.push(...(await waitFor(`${actor.name} wardrobe`, async () => {
      const state = (await readReplica(pageOf(p), p.user.id)).scopes.find((s) => s.key === 'wardrobe')
      return state?.status === 'ready' && (state.lastPulledAt ?? 0) > pulledBefore ? [] : [`is ${state?.status ?? 'absent'}, not pulled again`]
    }, CONVERGE_MS)))
    await actor.page.getByRole('dialog', { name: 'Wardrobe import' }).getByRole('button', { name: 'Done' }).click()
  }
  const failed = new Map<string, Set<string>>()
  const untold: string[] = []
  for (const p of people) {
    untold.push(...(await waitFor(`${p.user.id} failed changes`, async () => {
      const replica = await readReplica(pageOf(p), p.user.id)
      failed.set(p.user.id, new Set(replica.failed.map((f) => f.key)))
      return replica.failed.filter((f) => !f.message || f.notified !== 1).map((f) => `${f.key} (${f.message || 'no reason'}) was not shown`)
    }, 10_000)))
  }
  const replicaProblems: string[] = []
  for (const p of people) {
    replicaProblems.push(...(await waitFor(p.tabs[0]!.name, async () => {
      const [replica, server] = await Promise.all([readReplica(pageOf(p), p.user.id), serverState(wallIds, userIds)])
      return replicaDiffs(p.tabs[0]!.name, p.user.id, replica, server, wallIds)
    }, 20_000)))
  }
  // The commit log has every write the server holds (its events come a moment after the commit).
  const final = () => serverState(wallIds, userIds)
  const txidsBefore = (rows: Array<{ id: string; txid: string }>) => new Map(rows.map((r) => [r.id, r.txid]))
  const logGaps = await waitFor('commit log', async () => {
    const server = await final()
    return [
      ...log.gaps('walls', server.walls, txidsBefore(start.walls)),
      ...log.gaps('polaroids', server.polaroids, txidsBefore(start.polaroids)),
      ...log.gaps('wall_stickers', server.stickers, txidsBefore(start.stickers)),
    ]
  }, 10_000)
  const { lost, duplicated, refusedByServer, confirmedLate, commitOrder } = await checkServer(ledger, await final(), start, seeded, failed, log)
  return { lost, duplicated, refusedByServer, confirmedLate, commitOrder, logGaps, replicaDiffs: replicaProblems, loading, untold, drained }
}

function undoSteps(ledger: Ledger): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const a of ledger.accepted()) if (a.kind === 'undo' || a.kind === 'redo') counts[`${a.kind} ${a.step ?? 'move'}`] = (counts[`${a.kind} ${a.step ?? 'move'}`] ?? 0) + 1
  return counts
}

function report(seed: number, ledger: Ledger, verdict: Verdict, seconds: number, attempts: number, phases: string): void {
  const accepted = ledger.accepted().length
  const list = (counts: Record<string, number> | Array<[string, number]>) =>
    (Array.isArray(counts) ? counts : Object.entries(counts)).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'
  const skipped = [...ledger.skipped.values()].reduce((a, b) => a + b, 0)
  console.info(
    [
      `chaos seed ${seed}: ${ledger.actions.length} actions (${list(ledger.byKind())}), ${accepted} accepted by the UI (${list(ledger.byKind(true))}); ` +
        `${attempts} attempts, ${skipped} excused`,
      `  accepted per table: ${list(ledger.byTable())}`,
      `  undo and redo accepted per step: ${list(undoSteps(ledger))}`,
      `  not confirmed by the UI in time but on the server (checked): ${list(verdict.confirmedLate)}`,
      `  judged by the server's order of commits: ${verdict.commitOrder.fields} fields (${verdict.commitOrder.sharedFields} written by several people), ${verdict.commitOrder.commits} commits; log gaps ${verdict.logGaps.length}`,
      `  faults injected: ${list(ledger.faults)}`,
      `  new items delivered mid-run as the engine would (the inbox ran dry or few items were left): ${ledger.newItems}`,
      `  excused, circumstances ${ledger.count('circumstance')}: ${list(ledger.excused('circumstance'))}`,
      `  excused, a tab reloaded under it ${ledger.count('interrupted')}: ${list(ledger.excused('interrupted'))}`,
      `  excused, suspect ${ledger.count('suspect')} (at most ${suspectBound(attempts)}): ${list(ledger.excused('suspect'))}`,
      ...ledger.suspects.map((s) => `    after action ${s.afterAction}, ${s.reason}${s.why ? `: ${s.why}` : ''}`),
      `  refused by the server (and told) ${verdict.refusedByServer.length}: ${verdict.refusedByServer.join('; ') || 'none'}`,
      `  lost ${verdict.lost.length}, duplicated ${verdict.duplicated.length}, replica differences ${verdict.replicaDiffs.length}, ` +
        `scopes left loading ${verdict.loading.length}, refusals not shown ${verdict.untold.length}`,
      `  after the network healed, outboxes empty and scopes live: ${verdict.drained.join(', ')}`,
      `  converged in ${seconds.toFixed(1)} s after the network healed (${phases}); load average now ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.availableParallelism?.() ?? os.cpus().length} cores`,
    ].join('\n'),
  )
}
