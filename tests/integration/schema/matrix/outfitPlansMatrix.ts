// Who may read and write outfit plans (issue 41): a plan is its owner's alone. The owner reads, makes
// (with their own live items and a wall they can see), moves, marks worn and soft-deletes their plans;
// nobody reads or writes anyone else's; signed-out visitors have no privileges on the table at all;
// and no API user hard-deletes a plan.
import { ids } from '../support/actors'
import { diaryDay, item, plan, wall } from '../support/fixtures'
import type { Matrix } from '../support/matrixTypes'
import { inserts, noRows, raises, refusedByRls, sees, updates } from '../support/matrixTypes'
import { selectIdsSql } from '../support/runCase'

const { stranger: S, contributor: C, wallOwner: W, itemOwner: I } = ids
const readAll = selectIdsSql('outfit_plans')
/** $3 the wall (or null), $4 the items joined by commas ('' for none). */
const insert = `insert into public.outfit_plans (id, user_id, planned_for, wall_id, item_ids)
                values ($1, $2, '${diaryDay}', $3, string_to_array($4, ','))`
const move = 'update public.outfit_plans set planned_for = $2 where id = $1'
const remove = 'delete from public.outfit_plans where id = $1'
const denied = 'permission denied for table outfit_plans'
const notOwn = 'You can only do this with your own items.'
const planOf = (id: string, owner: string, wallId: string | null, itemIds: string) => [
  { sql: insert, params: [id, owner, wallId, itemIds] },
]
/** The stranger plans a day on their own private wall; the contributor wears their own tee. */
const strangerPlan = planOf('plan_s_setup', S, wall.privateS, '')
const contributorPlan = planOf('plan_c_setup', C, null, item.cPublic)

export const outfitPlansMatrix: Matrix = {
  subject: 'outfit_plans',
  notApplicable: [
    {
      actors: ['anon'],
      ops: ['select', 'insert', 'update', 'delete'],
      half: 'allowed',
      why: 'the wear diary is private: signed-out visitors have no privileges on the table',
    },
    {
      actors: ['stranger', 'contributor', 'wallOwner', 'itemOwner'],
      ops: ['delete'],
      half: 'allowed',
      why: 'nobody hard-deletes a plan over the API: removing one is a soft delete (an update of deleted_at)',
    },
  ],
  // prettier-ignore
  cases: [
    // select: own plans only
    { actor: 'anon', op: 'select', case: 'reads plans', sql: readAll, expect: raises('42501', denied, 'outfit_plans', plan.ofI) },
    { actor: 'stranger', op: 'select', case: 'reads own plan only', setup: strangerPlan, sql: readAll, expect: sees('outfit_plans', ['plan_s_setup']) },
    { actor: 'contributor', op: 'select', case: 'reads own plan only', setup: contributorPlan, sql: readAll, expect: sees('outfit_plans', ['plan_c_setup']) },
    { actor: 'wallOwner', op: 'select', case: 'reads own plan only', sql: readAll, expect: sees('outfit_plans', [plan.ofW]) },
    { actor: 'itemOwner', op: 'select', case: 'reads own plan only', sql: readAll, expect: sees('outfit_plans', [plan.ofI]) },

    // insert: for oneself, with one's own live items and a wall one can see
    { actor: 'anon', op: 'insert', case: "plans the item owner's day", sql: insert, params: ['plan_new_1', I, null, item.iPublic], expect: raises('42501', denied, 'outfit_plans', 'plan_new_1') },
    { actor: 'stranger', op: 'insert', case: 'plans a day on own private wall', sql: insert, params: ['plan_new_1', S, wall.privateS, ''], expect: inserts('outfit_plans', 'plan_new_1', { user_id: S, wall_id: wall.privateS, item_ids: [] }) },
    { actor: 'stranger', op: 'insert', case: "plans a day on the wall owner's private wall (hidden)", sql: insert, params: ['plan_new_1', S, wall.privateW, ''], expect: raises('P0001', 'This Moori no longer exists.', 'outfit_plans', 'plan_new_1') },
    { actor: 'contributor', op: 'insert', case: 'plans own item', sql: insert, params: ['plan_new_1', C, null, item.cPublic], expect: inserts('outfit_plans', 'plan_new_1', { user_id: C, item_ids: [item.cPublic] }) },
    { actor: 'contributor', op: 'insert', case: "plans the item owner's public item", sql: insert, params: ['plan_new_1', C, null, item.iPublic], expect: raises('42501', notOwn, 'outfit_plans', 'plan_new_1') },
    { actor: 'wallOwner', op: 'insert', case: 'plans own item on own wall', sql: insert, params: ['plan_new_1', W, wall.publicW, item.wPrivate], expect: inserts('outfit_plans', 'plan_new_1', { user_id: W, wall_id: wall.publicW }) },
    { actor: 'wallOwner', op: 'insert', case: 'forges user_id of the item owner', sql: insert, params: ['plan_new_1', I, wall.publicW, ''], expect: refusedByRls('outfit_plans', 'plan_new_1') },
    { actor: 'itemOwner', op: 'insert', case: 'plans own private items', sql: insert, params: ['plan_new_1', I, null, `${item.iPrivate},${item.iStuck}`], expect: inserts('outfit_plans', 'plan_new_1', { user_id: I, item_ids: [item.iPrivate, item.iStuck] }) },
    { actor: 'itemOwner', op: 'insert', case: "plans the wall owner's private item (hidden)", sql: insert, params: ['plan_new_1', I, null, item.wPrivate], expect: raises('P0001', 'This item no longer exists.', 'outfit_plans', 'plan_new_1') },
    { actor: 'itemOwner', op: 'insert', case: 'plans neither a wall nor an item', sql: insert, params: ['plan_new_1', I, null, ''], expect: raises('23514', 'A plan needs a Moori or at least one item.', 'outfit_plans', 'plan_new_1') },

    // update: the owner moves, marks worn or removes own plans; a plan never changes hands
    { actor: 'anon', op: 'update', case: "moves the item owner's plan", sql: move, params: [plan.ofI, '2026-02-01'], expect: raises('42501', denied, 'outfit_plans', plan.ofI) },
    { actor: 'stranger', op: 'update', case: 'moves own plan', setup: strangerPlan, sql: move, params: ['plan_s_setup', '2026-02-01'], expect: updates('outfit_plans', 'plan_s_setup', { planned_for: '2026-02-01' }) },
    { actor: 'stranger', op: 'update', case: "moves the item owner's plan", sql: move, params: [plan.ofI, '2026-02-01'], expect: noRows('outfit_plans', plan.ofI) },
    { actor: 'contributor', op: 'update', case: 'moves own plan', setup: contributorPlan, sql: move, params: ['plan_c_setup', '2026-02-01'], expect: updates('outfit_plans', 'plan_c_setup', { planned_for: '2026-02-01' }) },
    { actor: 'contributor', op: 'update', case: "moves the plan for the wall owner's wall", sql: move, params: [plan.ofW, '2026-02-01'], expect: noRows('outfit_plans', plan.ofW) },
    { actor: 'wallOwner', op: 'update', case: 'moves own plan', sql: move, params: [plan.ofW, '2026-02-01'], expect: updates('outfit_plans', plan.ofW, { planned_for: '2026-02-01' }) },
    { actor: 'wallOwner', op: 'update', case: "adds the item owner's public item to own plan", sql: 'update public.outfit_plans set item_ids = array_append(item_ids, $2) where id = $1', params: [plan.ofW, item.iPublic], expect: raises('42501', notOwn, 'outfit_plans', plan.ofW) },
    { actor: 'wallOwner', op: 'update', case: "moves the item owner's plan", sql: move, params: [plan.ofI, '2026-02-01'], expect: noRows('outfit_plans', plan.ofI) },
    { actor: 'itemOwner', op: 'update', case: 'marks own plan worn', sql: 'update public.outfit_plans set worn_at = $2 where id = $1', params: [plan.ofI, '2026-01-05T18:00:00+00:00'], expect: updates('outfit_plans', plan.ofI, { worn_at: '2026-01-05T18:00:00+00:00' }) },
    { actor: 'itemOwner', op: 'update', case: "removes the wall owner's plan (soft delete)", sql: 'update public.outfit_plans set deleted_at = now() where id = $1', params: [plan.ofW], expect: noRows('outfit_plans', plan.ofW) },
    { actor: 'itemOwner', op: 'update', case: 'gives own plan to the stranger (user_id)', sql: 'update public.outfit_plans set user_id = $2 where id = $1', params: [plan.ofI, S], expect: raises('42501', 'user_id cannot be changed.', 'outfit_plans', plan.ofI) },

    // delete (hard): nobody, not even the owner
    { actor: 'anon', op: 'delete', case: "removes the item owner's plan", sql: remove, params: [plan.ofI], expect: raises('42501', denied, 'outfit_plans', plan.ofI) },
    { actor: 'stranger', op: 'delete', case: 'removes own plan', setup: strangerPlan, sql: remove, params: ['plan_s_setup'], expect: noRows('outfit_plans', 'plan_s_setup') },
    { actor: 'stranger', op: 'delete', case: "removes the item owner's plan", sql: remove, params: [plan.ofI], expect: noRows('outfit_plans', plan.ofI) },
    { actor: 'contributor', op: 'delete', case: "removes the wall owner's plan", sql: remove, params: [plan.ofW], expect: noRows('outfit_plans', plan.ofW) },
    { actor: 'wallOwner', op: 'delete', case: 'removes own plan', sql: remove, params: [plan.ofW], expect: noRows('outfit_plans', plan.ofW) },
    { actor: 'itemOwner', op: 'delete', case: 'removes own plan', sql: remove, params: [plan.ofI], expect: noRows('outfit_plans', plan.ofI) },
  ],
}
