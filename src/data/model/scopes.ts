// Scope keys: the slices of the world a device keeps (DESIGN §4). `me` and `wall:<id>` pull
// incrementally with a cursor; `discover`, `mooris`, `wardrobe` (others' public items, for wardrobe
// import) and `profile:<username>` are windows pulled whole.
export type ScopeKey = 'me' | 'discover' | 'mooris' | 'wardrobe' | `wall:${string}` | `profile:${string}`

export const wallScope = (wallId: string): ScopeKey => `wall:${wallId}`
export const profileScope = (username: string): ScopeKey => `profile:${username.toLowerCase()}`

export function isIncremental(scope: string): boolean {
  return scope === 'me' || scope.startsWith('wall:')
}
