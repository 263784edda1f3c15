// The entry (main.tsx) starts the first screen's requests before the app's code arrives, so it must not
// wait for that code: its static imports may reach neither React nor Dexie (nor the Supabase clients).
// A module reaching them once made the entry chunk import Dexie's 30 KiB chunk, and the early burst
// waited for it (imageSource.ts, through connectivity, for one small helper: images/imagePath.ts now).
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

/** Every package the entry reaches through static value imports (not `import type`, not `import()`). */
function packagesReachedFrom(entry: string): Map<string, string> {
  const packages = new Map<string, string>()
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const statics = sources[file]!.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)
    for (const [, specifier = ''] of statics) {
      if (specifier.endsWith('.css')) continue
      const local = resolveLocal(file, specifier)
      if (local) visit(local)
      else if (!packages.has(specifier)) packages.set(specifier, file)
    }
  }
  visit(entry)
  return packages
}

describe('the entry', () => {
  it('reaches no React, Dexie or Supabase client through its static imports', () => {
    const reached = packagesReachedFrom('/src/app/main.tsx')
    const heavy = [...reached].filter(([name]) => /^(react|react-dom|dexie|dexie-react-hooks|@supabase\/)/.test(name))
    expect(heavy.map(([name, by]) => `${name} (imported by ${by})`)).toEqual([])
  })

  it('is checked through the modules it imports (the walk follows them)', () => {
    // The same walk from the app's chunk finds React and Dexie, so an empty list above means something.
    const reached = packagesReachedFrom('/src/app/startApp.tsx')
    expect([...reached.keys()]).toEqual(expect.arrayContaining(['react', 'react-dom/client', 'dexie']))
  })
})
