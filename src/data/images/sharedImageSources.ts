// One resolve per stored image for everything that shows it at once: a new outfit photo is on screen
// twice during a batch (its row in the batch view and its card in the Products grid), and each used to
// read the waiting photo's Blob from the replica and make its own object URL of it, so the browser held
// and decoded the same picture twice. Here the first to ask resolves it; the others wait for the same
// answer, and a local copy has one object URL, revoked when the last one showing it lets go.
import type { MooriDB } from '../db'
import type { ImageSigner } from '../replica'
import { resolveImage } from './imageSource'

interface SharedImage {
  /** The URL to show (a shared object URL for a local copy), and whether it is the local copy. */
  source: Promise<{ url: string; local: boolean } | null>
  /** This user no longer shows it; the last one out revokes the object URL. */
  release: () => void
}

interface Entry {
  source: SharedImage['source']
  users: number
  /** The object URL once made; revoked with the last release. */
  local: string | null
  released: boolean
}

/** Resolves an image the way `resolveImage` does (no external links: those need nothing resolved). */
export type Resolve = typeof resolveImage

/** Per replica, by image path: the resolves in flight and the local copies being shown. */
const shared = new WeakMap<MooriDB, Map<string, Entry>>()

function entriesOf(db: MooriDB): Map<string, Entry> {
  let entries = shared.get(db)
  if (!entries) {
    entries = new Map()
    shared.set(db, entries)
  }
  return entries
}

/**
 * The image at `imagePath`, resolved once for all who show it meanwhile. A link (public or signed) is
 * shared only while it is being resolved (the replica keeps signed links); a local copy's object URL
 * for as long as anyone shows it. `resolve` is `resolveImage` (a parameter for tests).
 */
export function acquireImage(db: MooriDB, signer: ImageSigner, imagePath: string, resolve: Resolve = resolveImage): SharedImage {
  const entries = entriesOf(db)
  let entry = entries.get(imagePath)
  if (!entry) {
    const created: Entry = { source: Promise.resolve(null), users: 0, local: null, released: false }
    created.source = resolve(db, signer, imagePath, null).then(
      (found) => {
        if (found?.kind === 'blob') {
          // Everyone let go before it was read: nothing to show, nothing to keep.
          if (created.released) return null
          created.local = URL.createObjectURL(found.blob)
          return { url: created.local, local: true }
        }
        // A link: the next one to show the image resolves again (a fresh upload's link, say).
        if (entries.get(imagePath) === created) entries.delete(imagePath)
        return found ? { url: found.url, local: false } : null
      },
      (error: unknown) => {
        if (entries.get(imagePath) === created) entries.delete(imagePath)
        throw error
      },
    )
    entries.set(imagePath, created)
    entry = created
  }
  const held = entry
  held.users += 1
  let released = false
  return {
    source: held.source,
    release: () => {
      if (released) return
      released = true
      held.users -= 1
      if (held.users > 0) return
      held.released = true
      if (entries.get(imagePath) === held) entries.delete(imagePath)
      if (held.local) URL.revokeObjectURL(held.local)
    },
  }
}
