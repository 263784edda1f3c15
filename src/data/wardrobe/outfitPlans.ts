// Plans (issue 41): a day ahead holds a wall and/or a set of the user's items; when the day comes,
// "Wore it" turns the plan into wears of its items (source 'plan') and marks it worn. Each returns the
// undo that takes it back (diaryUndo.ts).
import { isDay, localDay } from '@/lib/wardrobe/wearDays'
import { messages } from '@/lib/messages'
import type { MooriDB } from '../db'
import { MutationError, type Replica } from '../replica'
import { mutate } from '../mutations/mutate'
import { insertPlan, insertWear, updatePlan } from './diaryWrites'
import { applySteps, type DiaryUndo } from './diaryUndo'
import { checkWearDay } from './wears'
import { ownItem } from './wardrobeItems'

/** As far ahead as the server accepts a plan (its trigger says 800 days; the device keeps two years). */
const PLAN_DAYS_AHEAD = 730

export interface PlanInput {
  plannedFor: string
  wallId?: string | null
  itemIds?: readonly string[]
}

/** The user's own live items stuck on a wall (its stickers that came from their wardrobe), each once. */
async function ownItemsOnWall(db: MooriDB, wallId: string, userId: string): Promise<string[]> {
  const stickers = await db.stickers.where('wallId').equals(wallId).toArray()
  const ids = new Set<string>()
  for (const sticker of stickers) {
    if (!sticker.originalItemId || ids.has(sticker.originalItemId)) continue
    const item = await db.wardrobeItems.get(sticker.originalItemId)
    if (item?.userId === userId) ids.add(item.id)
  }
  return [...ids]
}

/** Puts a wall and/or items on a day. Returns the plan's id and its undo. */
export async function addPlan(replica: Replica, input: PlanInput): Promise<{ planId: string; undo: DiaryUndo }> {
  const userId = replica.userId
  if (!userId) throw new MutationError(messages.wardrobeNeedsSignIn)
  if (!isDay(input.plannedFor)) throw new MutationError(messages.dayInvalid)
  const limit = new Date()
  limit.setDate(limit.getDate() + PLAN_DAYS_AHEAD)
  if (input.plannedFor > localDay(limit)) throw new MutationError(messages.planTooFar)
  const itemIds = [...new Set(input.itemIds ?? [])]
  const wallId = input.wallId ?? null
  if (!wallId && itemIds.length === 0) throw new MutationError(messages.planNeedsSomething)
  if (itemIds.length > 100) throw new MutationError(messages.planFailed)
  const { db } = replica
  return mutate(replica, [db.outfitPlans, db.wardrobeItems, db.walls], async (context) => {
    for (const id of itemIds) await ownItem(replica, id)
    if (wallId && !(await db.walls.get(wallId))) throw new MutationError(messages.itemGone)
    const plan = await insertPlan(context, { userId, plannedFor: input.plannedFor, wallId, itemIds, wornAt: null })
    return { planId: plan.id, undo: { steps: [{ kind: 'removePlan', planId: plan.id }] } }
  })
}

async function ownPlan(replica: Replica, planId: string) {
  if (!replica.userId) throw new MutationError(messages.wardrobeNeedsSignIn)
  const plan = await replica.db.outfitPlans.get(planId)
  if (!plan || plan.userId !== replica.userId) throw new MutationError(messages.planGone)
  return plan
}

/** Removes a plan (its wears, if it was worn, stay: they happened). */
export async function removePlan(replica: Replica, planId: string): Promise<DiaryUndo> {
  const { db } = replica
  return mutate(replica, [db.outfitPlans, db.wears, db.wardrobeItems], async (context) => {
    await ownPlan(replica, planId)
    const { redo } = await applySteps(context, [{ kind: 'removePlan', planId }])
    return redo
  })
}

/**
 * "Wore it": a 'plan' wear of each of the plan's items and of the user's own items on its wall, on the
 * plan's day (or `day`), and the plan marked worn. Items worn from this plan already, or gone from the
 * wardrobe, are left out; a plan with nothing left to wear is refused. The day must have come.
 */
export async function wearPlan(replica: Replica, planId: string, day?: string): Promise<DiaryUndo> {
  const { db } = replica
  return mutate(replica, [db.outfitPlans, db.wears, db.wardrobeItems, db.stickers], async (context) => {
    const plan = await ownPlan(replica, planId)
    const wornOn = day ?? plan.plannedFor
    checkWearDay(wornOn)
    const onWall = plan.wallId ? await ownItemsOnWall(db, plan.wallId, plan.userId) : []
    const worn = new Set((await db.wears.where('planId').equals(plan.id).toArray()).map((w) => w.itemId))
    const itemIds: string[] = []
    for (const id of new Set([...plan.itemIds, ...onWall])) {
      const item = await db.wardrobeItems.get(id)
      if (item?.userId === plan.userId && !worn.has(id)) itemIds.push(id)
    }
    if (itemIds.length === 0) throw new MutationError(messages.planNothingToWear)
    const steps: DiaryUndo['steps'] = []
    for (const itemId of itemIds) {
      const wear = await insertWear(context, { userId: plan.userId, itemId, wornOn, source: 'plan', outfitItemId: null, planId: plan.id })
      steps.push({ kind: 'removeWear', wearId: wear.id })
    }
    const wornAt = new Date().toISOString()
    await updatePlan(context, plan.id, { wornAt })
    steps.push({ kind: 'markPlanWorn', planId: plan.id, from: wornAt, to: plan.wornAt })
    return { steps }
  })
}
