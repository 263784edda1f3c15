// The keys of sync scopes, on their own so the boot script (src/data/early) can name a wall's scope as
// the app does without bringing in every scope's definition (scopes.ts, which re-exports these).

export type ScopeKey = 'me' | 'discover' | 'mooris' | 'wardrobe' | `wall:${string}` | `profile:${string}`

export const wallScope = (wallId: string): ScopeKey => `wall:${wallId}`
export const profileScope = (username: string): ScopeKey => `profile:${username.toLowerCase()}`
