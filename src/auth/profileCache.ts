// The profile kept in session storage under `moori_profile` (spec §4), so a reload knows at once
// whether the user has a profile, before the replica or the network answer.
const PROFILE_CACHE_KEY = 'moori_profile'

export interface CachedProfile {
  id: string
  username: string
  displayName: string | null
  avatarPath: string | null
}

export function readCachedProfile(userId: string): CachedProfile | null {
  try {
    const raw = sessionStorage.getItem(PROFILE_CACHE_KEY)
    const cached = raw ? (JSON.parse(raw) as CachedProfile) : null
    return cached && cached.id === userId ? cached : null
  } catch {
    return null
  }
}

export function writeCachedProfile(profile: CachedProfile | null): void {
  try {
    if (profile) sessionStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify(profile))
    else sessionStorage.removeItem(PROFILE_CACHE_KEY)
  } catch {
    // Private mode or full storage: the replica still has the profile.
  }
}
