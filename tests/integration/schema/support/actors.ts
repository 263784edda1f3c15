// The people the RLS matrix speaks about, with fixed auth user ids so case tables can name rows and
// storage folders statically. "contributor" has items on the wall owner's wall; "itemOwner" owns the
// wardrobe items the matrix reads and flips; "newcomer" is an auth user with no profile yet.
import type { RequestAuth } from '../../../../supabase/local/db/asRole'
import { anonAuth, userAuth } from '../../../../supabase/local/db/asRole'

export type Actor = 'anon' | 'stranger' | 'contributor' | 'wallOwner' | 'itemOwner'

export const actorList: readonly Actor[] = ['anon', 'stranger', 'contributor', 'wallOwner', 'itemOwner']

/** Auth user ids (also the profile ids and the storage folder names). */
export const ids = {
  stranger: '11111111-1111-4111-8111-111111111111',
  contributor: '22222222-2222-4222-8222-222222222222',
  wallOwner: '33333333-3333-4333-8333-333333333333',
  itemOwner: '44444444-4444-4444-8444-444444444444',
  newcomer: '55555555-5555-4555-8555-555555555555',
} as const

export const usernames = {
  stranger: 'stranger_s',
  contributor: 'contrib_c',
  wallOwner: 'owner_w',
  itemOwner: 'items_i',
} as const

/** The newcomer is not a matrix actor but signs in to create a first profile. */
export function authOf(actor: Actor | 'newcomer'): RequestAuth {
  return actor === 'anon' ? anonAuth : userAuth(ids[actor], { email: `${actor}@example.test` })
}
