// What the chaos run's verdict reads: the server's rows for the walls and people involved (with the
// service role, deleted rows included), and a user's replica straight from its IndexedDB database.
import type { Page } from '@playwright/test'
import { admin } from '../support/stack'

export interface ServerWall {
  id: string
  name: string
  owner_id: string
  private: boolean
  deleted_at: string | null
  /** The transaction that last wrote the row (xid8, as text): the sync protocol's order of commits. */
  txid: string
}

export interface ServerPolaroid {
  id: string
  wall_id: string
  name: string
  message: string
  x: number
  y: number
  z_index: number
  image_path: string | null
  created_by: string
  deleted_at: string | null
  txid: string
}

export interface ServerSticker {
  id: string
  wall_id: string
  name: string
  x: number
  y: number
  z_index: number
  created_by: string
  original_item_id: string | null
  deleted_at: string | null
  txid: string
}

export interface ServerItem {
  id: string
  user_id: string
  name: string
  is_public: boolean
  deleted_at: string | null
}

export interface ServerTag {
  id: string
  wardrobe_item_id: string
  tag_type: string
  tag_value: string
  is_verified: boolean
  deleted_at: string | null
}

export interface ServerProfile {
  id: string
  display_name: string | null
  bio: string | null
}

export interface ServerState {
  walls: ServerWall[]
  polaroids: ServerPolaroid[]
  stickers: ServerSticker[]
  items: ServerItem[]
  tags: ServerTag[]
  profiles: ServerProfile[]
}

function rows<T>(result: { data: unknown; error: unknown }): T[] {
  if (result.error) throw result.error as Error
  return (result.data ?? []) as T[]
}

/** The server's rows of the given walls (their polaroids and stickers) and people (their wardrobes
 * with tags, and profiles). */
export async function serverState(wallIds: string[], userIds: string[]): Promise<ServerState> {
  const [walls, polaroids, stickers, items, profiles] = await Promise.all([
    admin.from('walls').select('id, name, owner_id, private, deleted_at, txid').in('id', wallIds),
    admin.from('polaroids').select('id, wall_id, name, message, x, y, z_index, image_path, created_by, deleted_at, txid').in('wall_id', wallIds),
    admin.from('wall_stickers').select('id, wall_id, name, x, y, z_index, created_by, original_item_id, deleted_at, txid').in('wall_id', wallIds),
    admin.from('wardrobe_items').select('id, user_id, name, is_public, deleted_at').in('user_id', userIds),
    admin.from('profiles').select('id, display_name, bio').in('id', userIds),
  ])
  const itemRows = rows<ServerItem>(items)
  const tags = await admin
    .from('clothing_tags')
    .select('id, wardrobe_item_id, tag_type, tag_value, is_verified, deleted_at')
    .in('wardrobe_item_id', itemRows.map((i) => i.id))
  return {
    walls: rows(walls),
    polaroids: rows(polaroids),
    stickers: rows(stickers),
    items: itemRows,
    tags: rows(tags),
    profiles: rows(profiles),
  }
}

export interface ReplicaSnapshot {
  outbox: number
  failed: Array<{ key: string; message: string; notified: number }>
  scopes: Array<{ key: string; status: string; lastPulledAt: number | null; channel?: string }>
  walls: Array<{ id: string; name: string; private: boolean; ownerId: string }>
  polaroids: Array<{ id: string; wallId: string; name: string; message: string; x: number; y: number; zIndex: number }>
  stickers: Array<{ id: string; wallId: string; name: string; x: number; y: number; zIndex: number; createdBy: string }>
  items: Array<{ id: string; userId: string; name: string; isPublic: boolean }>
  tags: Array<{ id: string; wardrobeItemId: string; tagType: string; tagValue: string; isVerified: boolean }>
  profiles: Array<{ id: string; displayName: string | null; bio: string | null }>
}

/** Reads a user's replica (IndexedDB `moori-<userId>`) from one of their pages. */
export function readReplica(page: Page, userId: string): Promise<ReplicaSnapshot> {
  return page.evaluate(async (name) => {
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(new Error(String(open.error)))
    })
    const all = <T,>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll()
        request.onsuccess = () => resolve(request.result as T[])
        request.onerror = () => reject(new Error(String(request.error)))
      })
    type Card = { id: string; wallId: string; name: string; message: string; x: number; y: number; zIndex: number; createdBy: string }
    const [outbox, failed, scopes, walls, polaroids, stickers, items, tags, profiles] = await Promise.all([
      all<unknown>('outbox'),
      all<{ entry: { key: string }; message: string; notified: number }>('failedMutations'),
      all<{ key: string; status: string; lastPulledAt: number | null; channel?: string }>('scopes'),
      all<{ id: string; name: string; private: boolean; ownerId: string }>('walls'),
      all<Card>('polaroids'),
      all<Card>('stickers'),
      all<{ id: string; userId: string; name: string; isPublic: boolean }>('wardrobeItems'),
      all<{ id: string; wardrobeItemId: string; tagType: string; tagValue: string; isVerified: boolean }>('tags'),
      all<{ id: string; displayName: string | null; bio: string | null }>('profiles'),
    ])
    db.close()
    return {
      outbox: outbox.length,
      failed: failed.map((f) => ({ key: f.entry.key, message: f.message, notified: f.notified })),
      scopes: scopes.map(({ key, status, lastPulledAt, channel }) => ({ key, status, lastPulledAt, channel })),
      walls: walls.map(({ id, name, private: isPrivate, ownerId }) => ({ id, name, private: isPrivate, ownerId })),
      polaroids: polaroids.map(({ id, wallId, name, message, x, y, zIndex }) => ({ id, wallId, name, message, x, y, zIndex })),
      stickers: stickers.map(({ id, wallId, name, x, y, zIndex, createdBy }) => ({ id, wallId, name, x, y, zIndex, createdBy })),
      items: items.map(({ id, userId, name, isPublic }) => ({ id, userId, name, isPublic })),
      tags: tags.map(({ id, wardrobeItemId, tagType, tagValue, isVerified }) => ({ id, wardrobeItemId, tagType, tagValue, isVerified })),
      profiles: profiles.map(({ id, displayName, bio }) => ({ id, displayName, bio })),
    }
  }, `moori-${userId}`)
}
