// What the wardrobe import dialog offers (spec §2, §6): the user's own items and other people's public
// ones (the `wardrobe` scope keeps the newest of those on the device), newest first, each with its tags
// and who it belongs to.
import { useLiveQuery } from 'dexie-react-hooks'
import { canSeeWardrobeItem } from '../model/permissions'
import type { ProfileRow } from '../model/rows'
import { useReplica } from '../ReplicaContext'
import { scopeRows } from '../queries/scopeMembers'
import { readScopeStatus, useRetainScope, type ScopeStatus } from '../queries/useScope'
import { wardrobeEntries, type WardrobeEntry } from './useWardrobe'

export interface ImportableEntry extends WardrobeEntry {
  owner: ProfileRow | null
  own: boolean
}

export interface ImportableWardrobe {
  status: ScopeStatus
  entries: ImportableEntry[]
}

export function useImportableWardrobe(enabled: boolean): ImportableWardrobe | undefined {
  const { db, userId } = useReplica()
  useRetainScope(enabled && userId ? 'wardrobe' : null)
  return useLiveQuery(async () => {
    if (!enabled || !userId) return { status: 'ready' as const, entries: [] }
    const [mine, others] = await Promise.all([readScopeStatus(db, 'me'), readScopeStatus(db, 'wardrobe')])
    const [own, shared] = await Promise.all([db.wardrobeItems.where('userId').equals(userId).toArray(), scopeRows(db, 'wardrobe', 'wardrobeItems')])
    const items = new Map([...shared, ...own].map((item) => [item.id, item]))
    const entries = await wardrobeEntries(db, [...items.values()].filter((item) => canSeeWardrobeItem(item, userId)))
    const owners = await db.profiles.bulkGet([...new Set(entries.map((e) => e.item.userId))])
    const byId = new Map(owners.filter((p): p is ProfileRow => Boolean(p)).map((p) => [p.id, p]))
    // Own items are on the device already; the public ones of others may still be arriving.
    const status: ScopeStatus = mine.status === 'ready' ? 'ready' : others.status === 'error' && mine.status === 'error' ? 'error' : 'loading'
    return {
      status,
      entries: entries.map((e) => ({ ...e, owner: byId.get(e.item.userId) ?? null, own: e.item.userId === userId })),
    }
  }, [db, enabled, userId])
}
