// The guest database (`moori-guest`) opened on its own, by name, whoever is signed in. The guest
// preview wall lives there, and after sign-up it must still be readable while the new user's replica
// is the active one, so it can become their first real wall.
import { GUEST_DATABASE, MooriDB } from './db'
import type { PreviewStore } from './mutations/preview'

let guest: PreviewStore | null = null

export function guestPreviewStore(): PreviewStore {
  guest ??= { db: new MooriDB(GUEST_DATABASE) }
  return guest
}
