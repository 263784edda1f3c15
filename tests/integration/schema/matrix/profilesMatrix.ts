// Who may read and write profiles (spec §5, §6): everyone reads every profile; a signed-in user
// creates, edits and deletes only their own; the username never changes.
import { ids } from '../support/actors'
import type { Matrix } from '../support/matrixTypes'
import { inserts, noRows, raises, refusedByRls, removes, sees, updates } from '../support/matrixTypes'
import { selectIdsSql } from '../support/runCase'

const { stranger: S, contributor: C, wallOwner: W, itemOwner: I, newcomer: N } = ids
const everyone = [S, C, W, I]
const readAll = selectIdsSql('profiles')
const insertProfile = 'insert into public.profiles (id, username) values ($1, $2)'
const setBio = 'update public.profiles set bio = $2 where id = $1'
const remove = 'delete from public.profiles where id = $1'
/** The actor's own profile is removed first so that creating it is possible at all. */
const withoutProfile = (id: string) => [{ sql: 'delete from public.profiles where id = $1', params: [id] }]

export const profilesMatrix: Matrix = {
  subject: 'profiles',
  notApplicable: [
    {
      actors: ['anon', 'stranger', 'contributor', 'wallOwner', 'itemOwner'],
      ops: ['select'],
      half: 'forbidden',
      why: 'every profile is public: guests browse profiles (spec §6); the email stays in auth.users',
    },
    {
      actors: ['anon'],
      ops: ['insert', 'update', 'delete'],
      half: 'allowed',
      why: 'signed-out visitors have no profile and never write',
    },
  ],
  // prettier-ignore
  cases: [
    // select: every profile, for everyone
    { actor: 'anon', op: 'select', case: 'reads every profile', sql: readAll, expect: sees('profiles', everyone) },
    { actor: 'stranger', op: 'select', case: 'reads every profile', sql: readAll, expect: sees('profiles', everyone) },
    { actor: 'contributor', op: 'select', case: 'reads every profile', sql: readAll, expect: sees('profiles', everyone) },
    { actor: 'wallOwner', op: 'select', case: 'reads every profile', sql: readAll, expect: sees('profiles', everyone) },
    { actor: 'itemOwner', op: 'select', case: 'reads every profile', sql: readAll, expect: sees('profiles', everyone) },

    // insert: only one's own profile
    { actor: 'anon', op: 'insert', case: "creates the newcomer's profile", sql: insertProfile, params: [N, 'newbie'], expect: refusedByRls('profiles', N) },
    { actor: 'stranger', op: 'insert', case: 'creates own profile', setup: withoutProfile(S), sql: insertProfile, params: [S, 'stranger_2'], expect: inserts('profiles', S, { username: 'stranger_2' }) },
    { actor: 'stranger', op: 'insert', case: 'forges the id of another user', sql: insertProfile, params: [N, 'newbie'], expect: refusedByRls('profiles', N) },
    { actor: 'contributor', op: 'insert', case: 'creates own profile', setup: withoutProfile(C), sql: insertProfile, params: [C, 'contrib_2'], expect: inserts('profiles', C, { username: 'contrib_2' }) },
    { actor: 'contributor', op: 'insert', case: 'forges the id of another user', sql: insertProfile, params: [N, 'newbie'], expect: refusedByRls('profiles', N) },
    { actor: 'wallOwner', op: 'insert', case: 'creates own profile', setup: withoutProfile(W), sql: insertProfile, params: [W, 'owner_2'], expect: inserts('profiles', W, { username: 'owner_2' }) },
    { actor: 'wallOwner', op: 'insert', case: 'forges the id of another user', sql: insertProfile, params: [N, 'newbie'], expect: refusedByRls('profiles', N) },
    { actor: 'itemOwner', op: 'insert', case: 'creates own profile', setup: withoutProfile(I), sql: insertProfile, params: [I, 'items_2'], expect: inserts('profiles', I, { username: 'items_2' }) },
    { actor: 'itemOwner', op: 'insert', case: 'forges the id of another user', sql: insertProfile, params: [N, 'newbie'], expect: refusedByRls('profiles', N) },

    // update: only one's own profile, never the username
    { actor: 'anon', op: 'update', case: "edits a user's bio", sql: setBio, params: [S, 'hacked'], expect: noRows('profiles', S) },
    { actor: 'stranger', op: 'update', case: 'edits own bio', sql: setBio, params: [S, 'Hi there'], expect: updates('profiles', S, { bio: 'Hi there' }) },
    { actor: 'stranger', op: 'update', case: "edits the wall owner's bio", sql: setBio, params: [W, 'hacked'], expect: noRows('profiles', W) },
    { actor: 'contributor', op: 'update', case: 'edits own bio', sql: setBio, params: [C, 'Hi there'], expect: updates('profiles', C, { bio: 'Hi there' }) },
    { actor: 'contributor', op: 'update', case: "edits the wall owner's bio", sql: setBio, params: [W, 'hacked'], expect: noRows('profiles', W) },
    { actor: 'wallOwner', op: 'update', case: 'edits own display name', sql: 'update public.profiles set display_name = $2 where id = $1', params: [W, 'Walter'], expect: updates('profiles', W, { display_name: 'Walter' }) },
    { actor: 'wallOwner', op: 'update', case: "edits the contributor's bio", sql: setBio, params: [C, 'hacked'], expect: noRows('profiles', C) },
    { actor: 'wallOwner', op: 'update', case: 'changes own username', sql: 'update public.profiles set username = $2 where id = $1', params: [W, 'owner_new'], expect: raises('42501', 'Username cannot be changed.', 'profiles', W) },
    { actor: 'itemOwner', op: 'update', case: 'edits own bio', sql: setBio, params: [I, 'Hi there'], expect: updates('profiles', I, { bio: 'Hi there' }) },
    { actor: 'itemOwner', op: 'update', case: "edits the stranger's bio", sql: setBio, params: [S, 'hacked'], expect: noRows('profiles', S) },

    // delete: only one's own profile
    { actor: 'anon', op: 'delete', case: "deletes a user's profile", sql: remove, params: [S], expect: noRows('profiles', S) },
    { actor: 'stranger', op: 'delete', case: 'deletes own profile', sql: remove, params: [S], expect: removes('profiles', S) },
    { actor: 'stranger', op: 'delete', case: "deletes the wall owner's profile", sql: remove, params: [W], expect: noRows('profiles', W) },
    { actor: 'contributor', op: 'delete', case: 'deletes own profile', sql: remove, params: [C], expect: removes('profiles', C) },
    { actor: 'contributor', op: 'delete', case: "deletes the wall owner's profile", sql: remove, params: [W], expect: noRows('profiles', W) },
    { actor: 'wallOwner', op: 'delete', case: 'deletes own profile', sql: remove, params: [W], expect: removes('profiles', W) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the contributor's profile", sql: remove, params: [C], expect: noRows('profiles', C) },
    { actor: 'itemOwner', op: 'delete', case: 'deletes own profile', sql: remove, params: [I], expect: removes('profiles', I) },
    { actor: 'itemOwner', op: 'delete', case: "deletes the stranger's profile", sql: remove, params: [S], expect: noRows('profiles', S) },
  ],
}
