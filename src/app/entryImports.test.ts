// The entry (main.tsx) starts the first screen's requests before the app's code arrives, so it must not
// wait for that code: its static imports may reach neither React nor Dexie (nor the Supabase clients).
// A module reaching them once made the entry chunk import Dexie's 30 KiB chunk, and the early burst
// waited for it (imageSource.ts, through connectivity, for one small helper: images/imagePath.ts now).
// Home's first render (the app's chunk and the home screen's) likewise leaves out what it never runs:
// the bench counts every byte that arrives before it (npm run bench -- pwa, issue 27).
import { describe, expect, it } from 'vitest'

/** Every module's source (the app's and the workers'), keyed by its path from the project root ("/src/app/main.tsx"). */
const sources = import.meta.glob<string>(['/src/**/*.ts', '/src/**/*.tsx', '/workers/**/*.ts', '!**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** "/a/b/../c" → "/a/c". */
function normalise(file: string): string {
  const parts: string[] = []
  for (const part of file.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.') parts.push(part)
  }
  return parts.join('/')
}

/** The module a relative or `@/` specifier names, or null for a package (or a stylesheet). */
function resolveLocal(from: string, specifier: string): string | null {
  if (specifier.endsWith('.css')) return null
  const dir = from.slice(0, from.lastIndexOf('/'))
  const base = specifier.startsWith('@/')
    ? `/src/${specifier.slice(2)}`
    : specifier.startsWith('.')
      ? normalise(`${dir}/${specifier}`)
      : null
  if (!base) return null
  const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => candidate in sources)
  if (!found) throw new Error(`${from} imports ${specifier}, which is not a module here`)
  return found
}

/** The modules (paths) and packages `entries` reach through static value imports (not `import type`, not
 * `import()`); a package is keyed by its specifier, with the module that imports it. */
function reachedFrom(...entries: string[]): { modules: Set<string>; packages: Map<string, string> } {
  const packages = new Map<string, string>()
  const modules = new Set<string>()
  const visit = (file: string) => {
    if (modules.has(file)) return
    modules.add(file)
    const statics = sources[file]!.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)
    for (const [, specifier = ''] of statics) {
      if (specifier.endsWith('.css')) continue
      const local = resolveLocal(file, specifier)
      if (local) visit(local)
      else if (!packages.has(specifier)) packages.set(specifier, file)
    }
  }
  entries.forEach(visit)
  return { modules, packages }
}

/** Every package the entry reaches through static value imports. */
function packagesReachedFrom(entry: string): Map<string, string> {
  return reachedFrom(entry).packages
}

describe('the entry', () => {
  it('reaches no React, Dexie or Supabase client through its static imports', () => {
    const reached = packagesReachedFrom('/src/app/main.tsx')
    const heavy = [...reached].filter(([name]) => /^(react|react-dom|dexie|dexie-react-hooks|@supabase\/)/.test(name))
    expect(heavy.map(([name, by]) => `${name} (imported by ${by})`)).toEqual([])
  })

  it("names a wall's scope with the key builders alone, not every scope's definition", () => {
    const { modules } = reachedFrom('/src/app/main.tsx')
    expect(modules.has('/src/data/model/scopeKeys.ts')).toBe(true)
    expect(modules.has('/src/data/model/scopes.ts')).toBe(false)
  })

  it('is checked through the modules it imports (the walk follows them)', () => {
    // The same walk from the app's chunk finds React, and from a wall's screen Dexie, so an empty list
    // above means something.
    expect([...packagesReachedFrom('/src/app/startApp.tsx').keys()]).toEqual(expect.arrayContaining(['react', 'react-dom/client']))
    expect([...packagesReachedFrom('/src/screens/wall/WallScreen.tsx').keys()]).toEqual(expect.arrayContaining(['dexie']))
  })
})

describe("home's first render", () => {
  // What the home screen's first paint never runs, each loaded after it (or only when shown): the photo
  // shrinker (fetched ahead for the create-wall path), the offline wardrobe keeper (started at idle) and
  // the outfit-processing pill (signed-in users with photos in processing).
  const later = [
    '/src/lib/downscaleImage.ts',
    '/src/data/wardrobe/keepWardrobeOffline.ts',
    '/src/components/wardrobe/UnfinishedJobsPill.tsx',
  ]

  it('reaches no Dexie: the replica opens its database after it on a first visit', () => {
    const { packages } = reachedFrom('/src/app/startApp.tsx', '/src/screens/home/HomeScreen.tsx')
    const dexie = [...packages].filter(([name]) => name === 'dexie' || name === 'dexie-react-hooks')
    expect(dexie.map(([name, by]) => `${name} (imported by ${by})`)).toEqual([])
  })

  it('leaves out the modules it loads afterwards', () => {
    const { modules } = reachedFrom('/src/app/startApp.tsx', '/src/screens/home/HomeScreen.tsx')
    expect(later.filter((file) => modules.has(file))).toEqual([])
  })

  it('is checked against modules that exist and that other screens reach statically', () => {
    for (const file of later) expect(sources).toHaveProperty([file])
    // The walk does find the shrinker where a screen runs it, so its absence above means something.
    expect(reachedFrom('/src/screens/setup-profile/SetupProfileScreen.tsx').modules.has('/src/lib/downscaleImage.ts')).toBe(true)
  })
})
