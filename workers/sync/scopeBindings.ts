// Which live changes each scope listens to. Window scopes that have no cheap filter (discover, a
// profile) are re-pulled on a timer and on resume instead.
import type { ChangeBinding } from './transport'

export function bindingsFor(scope: string, userId: string | null): ChangeBinding[] | null {
  if (scope === 'me') {
    if (!userId) return null
    return [
      { table: 'profiles', filter: `id=eq.${userId}` },
      { table: 'walls', filter: `owner_id=eq.${userId}` },
      { table: 'wardrobe_items', filter: `user_id=eq.${userId}` },
      { table: 'clothing_tags' },
      { table: 'processing_jobs', filter: `user_id=eq.${userId}` },
    ]
  }
  if (scope.startsWith('wall:')) {
    const wallId = scope.slice('wall:'.length)
    return [
      { table: 'walls', filter: `id=eq.${wallId}` },
      { table: 'polaroids', filter: `wall_id=eq.${wallId}` },
      { table: 'wall_stickers', filter: `wall_id=eq.${wallId}` },
    ]
  }
  if (scope === 'mooris') return [{ table: 'walls' }]
  return null
}
