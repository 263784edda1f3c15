// One row per remote procedure. Moves and deletes of the owner's items, sync pulls of the owner's
// scopes, pushes that write the owner's rows, and the helper functions asked about private things:
// outsiders must change nothing and learn nothing; the owner pulling their private wall is the control.
import type { Case, Surface } from '../sweepTable'
import { forActors, outsiders, unechoed } from '../sweepTable'
import { callAs, ok, rowNow, seenIn, stringsIn } from '../../support/rest'
import { newId, type Actor, type World } from '../../support/world'

type Args = (world: World, actor: Actor) => Record<string, unknown>

/** The id an outsider tries to queue a job under (issue 23's queue_ootd_job). */
const forgedJobId = newId('forgedjob')

async function rpc(world: World, actor: Actor, fn: string, args: Record<string, unknown>) {
  return callAs(world, actor, { method: 'POST', path: `/rest/v1/rpc/${fn}`, body: args })
}

/** A function whose call must not change a row of the owner's. */
function changesNothing(
  fn: string,
  table: string,
  target: (w: World) => string,
  args: Args,
  label: string,
): Surface {
  return {
    kind: 'rpc',
    name: fn,
    cases: () =>
      forActors(outsiders, 'refuse', label, async (w, actor) => {
        const before = JSON.stringify(await rowNow(w, table, target(w)))
        const sent = args(w, actor)
        const answer = await rpc(w, actor, fn, sent)
        return {
          effect: JSON.stringify(await rowNow(w, table, target(w))) !== before,
          seen: seenIn(answer),
          sent: stringsIn(sent),
        }
      }),
  }
}

/** A read-only function: asked about private things, it must show no secret and answer "nothing". */
function revealsNothing(
  fn: string,
  label: string,
  args: Args,
  says: (body: string, w: World) => boolean,
): Surface {
  return {
    kind: 'rpc',
    name: fn,
    cases: () =>
      forActors(outsiders, 'refuse', label, async (w, actor) => {
        const sent = args(w, actor)
        const answer = await rpc(w, actor, fn, sent)
        return { effect: ok(answer) && says(answer.body, w), seen: seenIn(answer), sent: stringsIn(sent) }
      }),
  }
}

const never = () => false

function pullCases(): Case[] {
  const pull = (scope: (w: World) => string) => async (w: World, actor: Actor) => {
    const sent = [scope(w)]
    const answer = await rpc(w, actor, 'sync_pull', { scope: sent[0], since: '0' })
    return {
      effect: unechoed({ seen: answer.body, sent }).includes(w.privateWall),
      seen: seenIn(answer),
      sent,
    }
  }
  return [
    ...forActors(
      outsiders,
      'refuse',
      'pull the private wall',
      pull((w) => `wall:${w.privateWall}`),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'pull the owner’s profile scope',
      pull((w) => `profile:${w.owner.username}`),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'pull mooris',
      pull(() => 'mooris'),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'pull discover',
      pull(() => 'discover'),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'pull me',
      pull(() => 'me'),
    ),
    ...forActors(
      ['owner'],
      'allow',
      'pull the own private wall',
      pull((w) => `wall:${w.privateWall}`),
    ),
  ]
}

function pushCases(): Case[] {
  const push =
    (
      mutation: (w: World, actor: Actor) => Record<string, unknown>,
      table: string,
      target: (w: World) => string,
    ) =>
    async (w: World, actor: Actor) => {
      const before = JSON.stringify(await rowNow(w, table, target(w)))
      const sent = mutation(w, actor)
      const answer = await rpc(w, actor, 'sync_push', { mutations: [sent] })
      return {
        effect: JSON.stringify(await rowNow(w, table, target(w))) !== before,
        seen: seenIn(answer),
        sent: stringsIn(sent),
      }
    }
  return [
    ...forActors(
      outsiders,
      'refuse',
      'rename the owner’s private wall',
      push(
        (w) => ({ op: 'update', table: 'walls', id: w.privateWall, patch: { name: 'pwned' } }),
        'walls',
        (w) => w.privateWall,
      ),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'make the owner’s public wall theirs',
      push(
        (w, actor) => ({
          op: 'update',
          table: 'walls',
          id: w.publicWall,
          patch: { owner_id: w.userIdOf(actor) },
        }),
        'walls',
        (w) => w.publicWall,
      ),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'delete the owner’s public wall through a call',
      push(
        (w) => ({ op: 'call', fn: 'delete_own_wall', args: { wall_id: w.publicWall } }),
        'walls',
        (w) => w.publicWall,
      ),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'publish the owner’s private item',
      push(
        (w) => ({ op: 'update', table: 'wardrobe_items', id: w.privateItem, patch: { is_public: true } }),
        'wardrobe_items',
        (w) => w.privateItem,
      ),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'publish the owner’s private item inside a batch with a change of their own',
      push(
        (w, actor) => ({
          op: 'batch',
          ops: [
            { op: 'update', table: 'profiles', id: w.userIdOf(actor) ?? 'anon', patch: { bio: 'bulk' } },
            { op: 'update', table: 'wardrobe_items', id: w.privateItem, patch: { is_public: true } },
          ],
        }),
        'wardrobe_items',
        (w) => w.privateItem,
      ),
    ),
    {
      name: 'insert a polaroid on the private wall',
      actor: 'stranger',
      expect: 'refuse',
      async run(w) {
        const id = newId('pushed')
        const answer = await rpc(w, 'stranger', 'sync_push', {
          mutations: [
            {
              op: 'insert',
              table: 'polaroids',
              row: {
                id,
                wall_id: w.privateWall,
                external_url: 'https://example.com/a.jpg',
                created_by: w.stranger.id,
              },
            },
          ],
        })
        return { effect: (await rowNow(w, 'polaroids', id)) !== null, seen: seenIn(answer) }
      },
    },
  ]
}

const position = { new_x: 999, new_y: 999, new_z_index: 99 }

/** apply_undo stands in for moves, deletes and the owner's edits: outsiders try each. */
const applyUndoAttempts = [
  changesNothing(
    'apply_undo',
    'polaroids',
    (w) => w.privatePolaroid,
    (w) => ({ p_table: 'polaroids', p_id: w.privatePolaroid, p_expect: {}, p_set: { x: 999, y: 999, z_index: 99 } }),
    'undo a move of the private polaroid',
  ),
  changesNothing(
    'apply_undo',
    'polaroids',
    (w) => w.publicPolaroid,
    (w) => ({ p_table: 'polaroids', p_id: w.publicPolaroid, p_expect: {}, p_set: { deleted: true } }),
    'undo the adding of the owner’s public polaroid',
  ),
  changesNothing(
    'apply_undo',
    'walls',
    (w) => w.privateWall,
    (w) => ({ p_table: 'walls', p_id: w.privateWall, p_expect: {}, p_set: { private: false } }),
    'undo the privacy of the private wall',
  ),
]
const applyUndo: Surface = {
  kind: 'rpc',
  name: 'apply_undo',
  cases: (world) => applyUndoAttempts.flatMap((attempt) => attempt.cases(world)),
}

export const rpcs: Surface[] = [
  { kind: 'rpc', name: 'sync_pull', cases: pullCases },
  { kind: 'rpc', name: 'sync_push', cases: pushCases },
  changesNothing(
    'move_polaroid',
    'polaroids',
    (w) => w.privatePolaroid,
    (w) => ({ p_id: w.privatePolaroid, ...position }),
    'move the private polaroid',
  ),
  changesNothing(
    'move_wall_sticker',
    'wall_stickers',
    (w) => w.publicSticker,
    (w) => ({ sticker_id: w.publicSticker, ...position }),
    'move the owner’s public sticker',
  ),
  changesNothing(
    'delete_polaroid',
    'polaroids',
    (w) => w.publicPolaroid,
    (w) => ({ p_id: w.publicPolaroid }),
    'delete the owner’s public polaroid',
  ),
  changesNothing(
    'delete_wall_sticker',
    'wall_stickers',
    (w) => w.privateSticker,
    (w) => ({ sticker_id: w.privateSticker }),
    'delete the private sticker',
  ),
  changesNothing(
    'delete_own_wall',
    'walls',
    (w) => w.privateWall,
    (w) => ({ wall_id: w.privateWall }),
    'delete the private wall',
  ),
  applyUndo,
  // sync_push's one change, callable on its own: as the caller, so it may do no more than a push.
  changesNothing(
    'sync_apply_change',
    'walls',
    (w) => w.privateWall,
    (w) => ({ m: { op: 'update', table: 'walls', id: w.privateWall, patch: { name: 'pwned' } } }),
    'rename the private wall',
  ),
  changesNothing(
    'claim_processing_job',
    'processing_jobs',
    (w) => w.job,
    () => ({ p_instance: 'attacker', p_running: [], p_stale_after_seconds: 0, p_max_attempts: 3 }),
    'claim the owner’s outfit job (the product API’s only)',
  ),
  changesNothing(
    'queue_ootd_job',
    'processing_jobs',
    () => forgedJobId,
    (w) => ({
      p_id: forgedJobId,
      p_user_id: w.owner.id,
      p_input: { image_path: `ootd-images/${w.files.ootd}` },
      p_jobs_per_user: 1000,
      p_jobs_in_total: 1000,
    }),
    'queue an outfit job in the owner’s name past the limits (the product API’s only)',
  ),
  changesNothing(
    'complete_ootd_job',
    'processing_jobs',
    (w) => w.job,
    (w) => ({
      p_job_id: w.job,
      p_instance: 'attacker',
      p_items: [
        { id: 'forged-item-1', image_path: `wardrobe-images/${w.files.privateItem}`, name: 'Forged' },
      ],
      p_tags: [],
      p_job_items: [],
    }),
    'complete the owner’s job with forged items',
  ),
  revealsNothing(
    'sync_wall_stats',
    'stats of the private wall',
    (w) => ({ wall_ids: [w.privateWall] }),
    (body, w) => body.includes(w.privateWall),
  ),
  revealsNothing(
    'is_wall_owner',
    'ask whether they own the private wall',
    (w) => ({ target_wall_id: w.privateWall }),
    (body) => body.trim() === 'true',
  ),
  revealsNothing(
    'is_shared_image',
    'ask whether the private item image is shared',
    (w) => ({ bucket: 'wardrobe-images', object_name: w.files.privateItem }),
    (body) => body.trim() === 'true',
  ),
  revealsNothing(
    'is_visible_polaroid_image',
    'ask whether the private wall’s image is visible',
    (w) => ({ object_name: w.files.privatePolaroid }),
    (body) => body.trim() === 'true',
  ),
  revealsNothing(
    'may_share_image',
    'ask whether they may stick the private item image',
    (w) => ({ image_path: `wardrobe-images/${w.files.privateItem}` }),
    (body) => body.trim() === 'true',
  ),
  revealsNothing(
    'undo_expectation_holds',
    'compare rows they pass in',
    () => ({ current_row: { x: 1 }, expect: { x: 1 } }),
    never,
  ),
  // The wear diary's trigger helper (issue 41), as the caller: a private item of someone else's is
  // as absent as one that never was.
  revealsNothing(
    'require_own_live_item',
    'ask whether the owner’s private item exists',
    (w) => ({ item: w.privateItem, owner: w.owner.id }),
    () => true,
  ),
  revealsNothing('require_caller', 'be told who they are', () => ({ message: 'who?' }), never),
  revealsNothing(
    'sync_table_columns',
    'list columns of a table outside public',
    () => ({ target: 'pg_authid' }),
    (body) => body.includes('rolpassword'),
  ),
  revealsNothing('sync_rows', 'echo rows', () => ({ rows: [] }), never),
  revealsNothing('sync_members_of', 'echo members', () => ({ rows: {} }), never),
  revealsNothing('is_client_id', 'check an id', () => ({ value: 'abcdefgh' }), never),
  revealsNothing(
    'is_safe_object_path',
    'check a path',
    () => ({ path: 'a/../b' }),
    (body) => body.trim() === 'true',
  ),
  revealsNothing(
    'is_plain_url',
    'check a URL with markup',
    () => ({ url: 'https://x.example/"><script>' }),
    (body) => body.trim() === 'true',
  ),
  revealsNothing(
    'forbid_change',
    'call a trigger helper',
    () => ({ column_name: 'x', old_value: 1, new_value: 2 }),
    never,
  ),
]
