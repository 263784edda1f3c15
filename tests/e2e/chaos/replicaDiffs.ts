// Each replica against what its user may see, once everything is back online and every scope was
// pulled again: of the walls involved, exactly the visible walls with their polaroids and stickers, as
// the server has them; of the wardrobes, all of one's own live items with their tags and one's own
// profile exactly, and of another person's items only public, live ones (and their tags), never a
// private or deleted one. Another person's items are not required: the device keeps only a window of
// them (the `wardrobe` scope), pulled when the import dialog opens.
import type { ReplicaSnapshot, ServerState, ServerWall } from './snapshots'

/** What a user may see of the walls involved, as the replica should hold it. */
function visibleTo(userId: string, server: ServerState) {
  const walls = new Map<string, ServerWall>(server.walls.filter((w) => !w.deleted_at && (!w.private || w.owner_id === userId)).map((w) => [w.id, w]))
  const items = new Map(server.items.filter((i) => !i.deleted_at && (i.is_public || i.user_id === userId)).map((i) => [i.id, i]))
  return {
    walls,
    polaroids: server.polaroids.filter((p) => !p.deleted_at && walls.has(p.wall_id)),
    stickers: server.stickers.filter((s) => !s.deleted_at && walls.has(s.wall_id)),
    items,
    tags: server.tags.filter((t) => !t.deleted_at && items.has(t.wardrobe_item_id)),
  }
}

const tagKey = (t: { type: string; value: string; verified: boolean }) => `${t.type}=${t.value}${t.verified ? ' (verified)' : ''}`

export function replicaDiffs(who: string, userId: string, replica: ReplicaSnapshot, server: ServerState, wallIds: string[]): string[] {
  const diffs: string[] = []
  const visible = visibleTo(userId, server)
  const involved = new Set(wallIds)
  for (const wallId of wallIds) {
    const local = replica.walls.find((w) => w.id === wallId)
    const remote = visible.walls.get(wallId)
    if (!remote && local) diffs.push(`${who}: holds wall ${wallId}, which it may not see`)
    if (remote && !local) diffs.push(`${who}: lacks wall ${wallId}`)
    if (remote && local && (remote.name !== local.name || remote.private !== local.private)) {
      diffs.push(`${who}: wall ${wallId} is ${JSON.stringify(local)}, the server says ${remote.name}/${remote.private}`)
    }
  }
  const cards = (
    kind: string,
    mine: Array<{ id: string; wallId: string; name: string; x: number; y: number; zIndex: number; message?: string }>,
    server: Array<{ id: string; name: string; x: number; y: number; z_index: number; message?: string }>,
  ) => {
    const theirs = new Map(server.map((p) => [p.id, p]))
    for (const local of mine.filter((c) => involved.has(c.wallId))) {
      const remote = theirs.get(local.id)
      if (!remote) diffs.push(`${who}: holds ${kind} ${local.id} (${local.name}), which is gone or hidden`)
      else if (remote.x !== local.x || remote.y !== local.y || remote.z_index !== local.zIndex || remote.name !== local.name || (remote.message ?? '') !== (local.message ?? '')) {
        diffs.push(`${who}: ${kind} ${local.id} is ${JSON.stringify(local)}, the server has ${JSON.stringify(remote)}`)
      }
      theirs.delete(local.id)
    }
    for (const missing of theirs.values()) diffs.push(`${who}: lacks ${kind} ${missing.id} (${missing.name})`)
  }
  cards('polaroid', replica.polaroids, visible.polaroids)
  cards('sticker', replica.stickers, visible.stickers)

  // Wardrobe items: one's own exactly, another's only when it may be seen.
  // Only the people of the run: the device also keeps other members' public items (the demo's).
  const theRun = new Set(server.items.map((i) => i.id))
  const people = new Set(server.profiles.map((p) => p.id))
  const ownRemote = new Map([...visible.items.values()].filter((i) => i.user_id === userId).map((i) => [i.id, i]))
  for (const local of replica.items.filter((i) => people.has(i.userId))) {
    const remote = visible.items.get(local.id)
    const whose = local.userId === userId ? 'its own item' : 'item'
    if (!remote) diffs.push(`${who}: holds ${whose} ${local.id} (${local.name}), which is deleted or private`)
    else if (local.userId === userId && (remote.name !== local.name || remote.is_public !== local.isPublic)) {
      diffs.push(`${who}: item ${local.id} is ${JSON.stringify(local)}, the server has ${JSON.stringify(remote)}`)
    }
    ownRemote.delete(local.id)
  }
  for (const missing of ownRemote.values()) diffs.push(`${who}: lacks its own item ${missing.id} (${missing.name})`)

  const held = new Set(replica.items.map((i) => i.id))
  const serverTags = new Map<string, string[]>()
  for (const t of visible.tags) serverTags.set(t.wardrobe_item_id, [...(serverTags.get(t.wardrobe_item_id) ?? []), tagKey({ type: t.tag_type, value: t.tag_value, verified: t.is_verified })])
  const localTags = new Map<string, string[]>()
  for (const t of replica.tags.filter((tag) => theRun.has(tag.wardrobeItemId))) {
    if (!visible.items.has(t.wardrobeItemId)) {
      diffs.push(`${who}: holds tag ${t.tagType}=${t.tagValue} of item ${t.wardrobeItemId}, which is deleted or private`)
      continue
    }
    localTags.set(t.wardrobeItemId, [...(localTags.get(t.wardrobeItemId) ?? []), tagKey({ type: t.tagType, value: t.tagValue, verified: t.isVerified })])
  }
  for (const item of visible.items.values()) {
    if (item.user_id !== userId || !held.has(item.id)) continue
    const local = (localTags.get(item.id) ?? []).sort()
    const remote = (serverTags.get(item.id) ?? []).sort()
    if (JSON.stringify(local) !== JSON.stringify(remote)) diffs.push(`${who}: item ${item.name} has tags ${JSON.stringify(local)}, the server has ${JSON.stringify(remote)}`)
  }

  const me = replica.profiles.find((p) => p.id === userId)
  const mine = server.profiles.find((p) => p.id === userId)
  if (mine && !me) diffs.push(`${who}: lacks its own profile`)
  if (mine && me && ((me.displayName ?? null) !== (mine.display_name ?? null) || (me.bio ?? null) !== (mine.bio ?? null))) {
    diffs.push(`${who}: its profile is ${JSON.stringify(me)}, the server has ${JSON.stringify(mine)}`)
  }
  return diffs
}
