// The `Prefer` header as PostgREST reads it: several `key=value` items joined by commas (supabase-js
// sends `resolution=merge-duplicates, return=representation`). Unknown or malformed items are
// ignored, like PostgREST's lenient handling; the applied ones are echoed in Preference-Applied.

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null
  count: 'exact' | 'planned' | 'estimated' | null
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missing: 'default' | 'null' | null
  tx: 'commit' | 'rollback' | null
  handling: 'strict' | 'lenient' | null
  maxAffected: number | null
}

const allowed = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
} as const

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    tx: null,
    handling: null,
    maxAffected: null,
  }
  for (const item of (header ?? '').split(',')) {
    const [rawKey, ...rest] = item.split('=')
    const key = rawKey?.trim().toLowerCase() ?? ''
    const value = rest.join('=').trim().toLowerCase()
    if (key === 'max-affected') {
      if (/^\d{1,15}$/.test(value)) prefs.maxAffected = Number(value)
      continue
    }
    if (Object.hasOwn(allowed, key)) {
      const k = key as keyof typeof allowed
      if ((allowed[k] as readonly string[]).includes(value))
        (prefs as unknown as Record<string, string>)[k] = value
    }
  }
  return prefs
}

/** The Preference-Applied header value for the preferences that shaped the response. */
export function appliedPreferences(prefs: Preferences, keys: Array<keyof typeof allowed>): string | null {
  const applied = keys.filter((k) => prefs[k] !== null).map((k) => `${k}=${String(prefs[k])}`)
  return applied.length > 0 ? applied.join(', ') : null
}
