// Undo for the wear diary (issue 41): every diary mutation answers with the steps that take it back, and
// taking them back answers with the steps that redo it, so a toast's Undo and a Redo need nothing else.
// The diary is one person's, on their own items, so there is no one else's change to respect; a step
// whose row this device no longer holds as the step left it (removed meanwhile, moved again) is skipped
// and counted, never forced.
import { messages } from '@/lib/messages'
import { MutationError, type Replica } from '../replica'
import { mutate, type MutationContext } from '../mutations/mutate'
import {
  deletePlan,
  deleteWear,
  insertPlan,
  insertWear,
  setWearDay,
  updatePlan,
  writePrice,
  type PlanFields,
  type PriceFields,
  type WearFields,
} from './diaryWrites'

export type DiaryStep =
  | { kind: 'removeWear'; wearId: string }
  | { kind: 'restoreWear'; wear: WearFields }
  | { kind: 'moveWear'; wearId: string; from: string; to: string }
  | { kind: 'setPrice'; itemId: string; from: PriceFields; to: PriceFields }
  | { kind: 'removePlan'; planId: string }
  | { kind: 'restorePlan'; plan: PlanFields }
  | { kind: 'markPlanWorn'; planId: string; from: string | null; to: string | null }

/** What takes a diary change back, in order. */
export interface DiaryUndo {
  steps: DiaryStep[]
}

export interface UndoResult {
  /** The steps that redo what was just taken back. */
  redo: DiaryUndo
  /** Steps left alone because their row had changed or gone since. */
  skipped: number
}

/** Applies one step; returns the step that reverses it, or null when it was skipped. */
async function applyStep(context: MutationContext, step: DiaryStep): Promise<DiaryStep | null> {
  const { db } = context
  switch (step.kind) {
    case 'removeWear': {
      const wear = await db.wears.get(step.wearId)
      if (!wear) return null
      await deleteWear(context, wear.id)
      const { userId, itemId, wornOn, source, outfitItemId, planId } = wear
      return { kind: 'restoreWear', wear: { userId, itemId, wornOn, source, outfitItemId, planId } }
    }
    case 'restoreWear': {
      const item = await db.wardrobeItems.get(step.wear.itemId)
      if (!item) return null
      const row = await insertWear(context, step.wear)
      return { kind: 'removeWear', wearId: row.id }
    }
    case 'moveWear': {
      const wear = await db.wears.get(step.wearId)
      if (wear?.wornOn !== step.from) return null
      await setWearDay(context, wear.id, step.to)
      return { kind: 'moveWear', wearId: wear.id, from: step.to, to: step.from }
    }
    case 'setPrice': {
      const current = await db.itemPrices.get(step.itemId)
      const item = await db.wardrobeItems.get(step.itemId)
      const now: PriceFields = { amount: current?.amount ?? null, currency: current?.currency ?? null }
      if (!item || now.amount !== step.from.amount || now.currency !== step.from.currency) return null
      await writePrice(context, step.itemId, item.userId, step.to)
      return { kind: 'setPrice', itemId: step.itemId, from: step.to, to: step.from }
    }
    case 'removePlan': {
      const plan = await db.outfitPlans.get(step.planId)
      if (!plan) return null
      await deletePlan(context, plan.id)
      const { userId, plannedFor, wallId, itemIds, wornAt } = plan
      return { kind: 'restorePlan', plan: { userId, plannedFor, wallId, itemIds, wornAt } }
    }
    case 'restorePlan': {
      const row = await insertPlan(context, step.plan)
      return { kind: 'removePlan', planId: row.id }
    }
    case 'markPlanWorn': {
      const plan = await db.outfitPlans.get(step.planId)
      if (!plan || plan.wornAt !== step.from) return null
      await updatePlan(context, plan.id, { wornAt: step.to })
      return { kind: 'markPlanWorn', planId: plan.id, from: step.to, to: step.from }
    }
  }
}

/** Runs steps in order in the caller's transaction; the reverse steps come back in reverse order. */
export async function applySteps(context: MutationContext, steps: readonly DiaryStep[]): Promise<UndoResult> {
  const reverse: DiaryStep[] = []
  let skipped = 0
  for (const step of steps) {
    const back = await applyStep(context, step)
    if (back) reverse.unshift(back)
    else skipped += 1
  }
  return { redo: { steps: reverse }, skipped }
}

/** Takes a diary change back (or redoes one, given the `redo` an undo answered), as one change. */
export async function undoDiaryChange(replica: Replica, undo: DiaryUndo): Promise<UndoResult> {
  if (!replica.userId) throw new MutationError(messages.wardrobeNeedsSignIn)
  const { db } = replica
  return mutate(replica, [db.wears, db.outfitPlans, db.itemPrices, db.wardrobeItems], (context) =>
    applySteps(context, undo.steps),
  )
}
