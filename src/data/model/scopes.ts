// The one definition of every sync scope (DESIGN §4): the slices of the world a device keeps. For each
// kind it says how it is pulled (incrementally with a cursor, or whole as a window), which server tables
// its pull carries (the SQL `sync_pull` branch of the same name; a test holds the two together), and
// which live changes keep it fresh. The worker subscribes from here; hooks read the scope's members.
import type { SyncedTable } from './rows'
import type { ServerTable } from './tables'

export { profileScope, wallScope, type ScopeKey } from './scopeKeys'

export type ScopeKind = 'me' | 'wall' | 'discover' | 'mooris' | 'wardrobe' | 'profile'

/** One realtime subscription: a table, optionally filtered (`column=eq.value`). */
export interface ChangeBinding {
  table: ServerTable
  filter?: string
}

/** Replica rows found by an index: `table.where(index).equals(value)`. */
interface RowRange {
  table: SyncedTable
  index: 'id' | 'wallId'
  value: string
}

export interface ScopeDefinition {
  /** Pulled with a commit-safe cursor (only what changed); otherwise a window pulled whole. */
  incremental: boolean
  /** Server tables whose rows and membership the pull returns. */
  tables: readonly ServerTable[]
  /** The pull also returns counts and previews for wall cards. */
  wallStats: boolean
  /** The live changes that keep it fresh; null when there is no cheap filter (re-pulled on a timer). */
  bindings(arg: string, userId: string | null): ChangeBinding[] | null
  /** Rows this scope speaks for: one that its pull does not list is gone or hidden from the user,
   * whichever other scope brought it (window scopes list only a window, so they speak for none). */
  covers(arg: string): RowRange[]
}

export const scopeDefinitions: Record<ScopeKind, ScopeDefinition> = {
  // Own profile, walls, wardrobe items with their tags, outfit jobs, and the private wear diary
  // (wears, plans, prices: no other scope carries them).
  me: {
    incremental: true,
    tables: ['profiles', 'walls', 'wardrobe_items', 'clothing_tags', 'processing_jobs', 'wears', 'outfit_plans', 'item_prices'],
    wallStats: false,
    bindings: (_arg, userId) =>
      userId
        ? [
            { table: 'profiles', filter: `id=eq.${userId}` },
            { table: 'walls', filter: `owner_id=eq.${userId}` },
            { table: 'wardrobe_items', filter: `user_id=eq.${userId}` },
            { table: 'clothing_tags' },
            { table: 'processing_jobs', filter: `user_id=eq.${userId}` },
            { table: 'wears', filter: `user_id=eq.${userId}` },
            { table: 'outfit_plans', filter: `user_id=eq.${userId}` },
            { table: 'item_prices', filter: `user_id=eq.${userId}` },
          ]
        : null,
    // Own rows never become hidden; deleted ones come back as tombstones.
    covers: () => [],
  },
  // One wall with its polaroids, stickers and the profiles of everyone on it.
  wall: {
    incremental: true,
    tables: ['walls', 'polaroids', 'wall_stickers', 'profiles'],
    wallStats: false,
    bindings: (wallId) => [
      { table: 'walls', filter: `id=eq.${wallId}` },
      { table: 'polaroids', filter: `wall_id=eq.${wallId}` },
      { table: 'wall_stickers', filter: `wall_id=eq.${wallId}` },
    ],
    covers: (wallId) => [
      { table: 'walls', index: 'id', value: wallId },
      { table: 'polaroids', index: 'wallId', value: wallId },
      { table: 'stickers', index: 'wallId', value: wallId },
    ],
  },
  // The newest visible polaroids with their walls and authors.
  discover: {
    incremental: false,
    tables: ['polaroids', 'walls', 'profiles'],
    wallStats: false,
    bindings: () => null,
    covers: () => [],
  },
  // The newest visible walls with owners, previews and counts.
  mooris: {
    incremental: false,
    tables: ['walls', 'profiles', 'polaroids'],
    wallStats: true,
    bindings: () => [{ table: 'walls' }],
    covers: () => [],
  },
  // Other people's newest public wardrobe items with tags and owners (wardrobe import).
  wardrobe: {
    incremental: false,
    tables: ['wardrobe_items', 'clothing_tags', 'profiles'],
    wallStats: false,
    bindings: () => null,
    covers: () => [],
  },
  // A profile page: the profile, its visible walls with previews, its visible items with tags.
  profile: {
    incremental: false,
    tables: ['profiles', 'walls', 'polaroids', 'wardrobe_items', 'clothing_tags'],
    wallStats: true,
    bindings: () => null,
    covers: () => [],
  },
}

export const scopeKinds = Object.keys(scopeDefinitions) as ScopeKind[]

/** A scope key split into its kind and argument, with its definition; null for an unknown kind. */
export function parseScope(scope: string): { kind: ScopeKind; arg: string; definition: ScopeDefinition } | null {
  const colon = scope.indexOf(':')
  const kind = colon < 0 ? scope : scope.slice(0, colon)
  const arg = colon < 0 ? '' : scope.slice(colon + 1)
  if (!(kind in scopeDefinitions)) return null
  return { kind: kind as ScopeKind, arg, definition: scopeDefinitions[kind as ScopeKind] }
}

export function isIncremental(scope: string): boolean {
  return parseScope(scope)?.definition.incremental ?? false
}

/** The live changes a scope listens to, or null when it has none. */
export function scopeBindings(scope: string, userId: string | null): ChangeBinding[] | null {
  const parsed = parseScope(scope)
  return parsed ? parsed.definition.bindings(parsed.arg, userId) : null
}
