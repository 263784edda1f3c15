// Groups the code a first screen waits for into a few chunks instead of the dozens of small ones
// automatic splitting makes. Automatic splitting cuts by which dynamic imports reach a module, and does
// not know that every screen runs inside the app shell: the shell's own libraries and widgets, and a
// screen's parts shared with its dialogs, ended up in small chunks. Each is a round trip before the
// first render (through the service worker offline, one of six connections online) and a script to
// compile, and gzip packs one file better than many.
//
// - `shell`: every module the app shell (`shell`, itself imported dynamically by the entry) reaches
//   through static imports, except what the entry already has. Every route runs all of it.
// - one group per screen in `screens`, in that order: what the screen reaches statically that other
//   lazily loaded code uses too (widgets, hooks, mutations). Code only the screen uses stays in its own
//   chunk, and a module already in an earlier group stays there.
// - `apart`: modules whose code loads on its own (the replica's database, Dexie) stay out of every group,
//   so loading them never brings a screen's group along.
import type { Plugin } from 'vite'

interface Options {
  /** The path (ending) of the shell module the entry imports dynamically. */
  shell: string
  /** Paths (endings) of the screens to group, the first screen most visits start on first, with their group's name. */
  screens: Array<{ module: string; group: string }>
  /** Paths (endings) of modules imported dynamically from the first screen's path whose graphs stay apart. */
  apart: string[]
}

export function firstScreenChunks({ shell, screens, apart }: Options): Plugin {
  let groups: Map<string, string> | null = null
  const groupOf = (id: string): string | null => {
    if (!groups) throw new Error('firstScreenChunks: the module graph was not read before chunking')
    return groups.get(id) ?? null
  }
  return {
    name: 'moori-first-screen-chunks',
    apply: 'build',
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              // Without recursive dependencies: the entry's modules, which the shell imports, stay in the entry.
              codeSplitting: {
                groups: [
                  { name: groupOf, debugName: 'first-screen', priority: 10, includeDependenciesRecursively: false },
                ],
              },
            },
          },
        },
      }
    },
    buildEnd() {
      const ids = [...this.getModuleIds()]
      groups = new Map()
      // A build without the app's shell (a worker's) has nothing to group.
      if (!ids.some((id) => id.endsWith(shell))) return
      const find = (ending: string) => {
        const id = ids.find((candidate) => candidate.endsWith(ending))
        if (!id) throw new Error(`firstScreenChunks: no module ends with ${ending}`)
        return id
      }
      const reach = (roots: string[]) => {
        const seen = new Set<string>()
        const stack = [...roots]
        while (stack.length > 0) {
          const id = stack.pop()!
          if (seen.has(id)) continue
          seen.add(id)
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
        return seen
      }
      const entry = reach(ids.filter((id) => this.getModuleInfo(id)?.isEntry))
      const shellRoot = find(shell)
      const screenRoots = screens.map((screen) => ({ ...screen, root: find(screen.module) }))
      const kept = reach(apart.map(find))
      // Every root keeps its own chunk: the entry's dynamic import and its preload name it.
      const roots = new Set([shellRoot, ...screenRoots.map((s) => s.root)])
      const groupable = (id: string) => !roots.has(id) && !entry.has(id) && !kept.has(id) && !groups!.has(id)
      for (const id of reach([shellRoot])) if (groupable(id)) groups.set(id, 'shell')
      // Everything else loaded lazily (other screens, dialogs, parts), each reached from its own import.
      const lazyRoots = [...new Set(ids.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []))]
      for (const screen of screenRoots) {
        const elsewhere = reach(lazyRoots.filter((id) => id !== screen.root && id !== shellRoot))
        for (const id of reach([screen.root])) if (groupable(id) && elsewhere.has(id)) groups.set(id, screen.group)
      }
    },
  }
}
