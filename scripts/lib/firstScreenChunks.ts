// Groups the code the first screen waits for into a few chunks instead of the twenty-odd small ones
// automatic splitting makes. Automatic splitting cuts by which dynamic imports reach a module, and does
// not know that every screen runs inside the app shell: the shell's own libraries and widgets ended up
// in small chunks shared with the screens. Each is a round trip before the first render (through the
// service worker offline, one of six connections online), and gzip packs one file better than many.
//
// - `shell`: every module the app shell (`shell`, itself imported dynamically by the entry) reaches
//   through static imports, except what the entry already has. Every route runs all of it.
// - `firstScreen`: what the first screen (`first`) reaches statically that other lazily loaded code uses
//   too (the header, the image and card widgets). Code only the first screen uses stays in its chunk.
import type { Plugin } from 'vite'

interface Options {
  /** The path (ending) of the shell module the entry imports dynamically. */
  shell: string
  /** The path (ending) of the screen most visits start on. */
  first: string
}

interface Graph {
  shell: Set<string>
  firstScreen: Set<string>
}

export function firstScreenChunks({ shell, first }: Options): Plugin {
  let graph: Graph | null = null
  const groupOf = (id: string): string | null => {
    if (!graph) throw new Error('firstScreenChunks: the module graph was not read before chunking')
    if (graph.shell.has(id)) return 'shell'
    if (graph.firstScreen.has(id)) return 'first-screen'
    return null
  }
  return {
    name: 'moori-first-screen-chunks',
    apply: 'build',
    config() {
      return {
        build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: (id: string) => groupOf(id), priority: 10, includeDependenciesRecursively: false }] } } } },
      }
    },
    buildEnd() {
      const ids = [...this.getModuleIds()]
      const find = (ending: string) => {
        const id = ids.find((candidate) => candidate.endsWith(ending))
        if (!id) throw new Error(`firstScreenChunks: no module ends with ${ending}`)
        return id
      }
      const staticImports = (id: string) => this.getModuleInfo(id)?.importedIds ?? []
      const reach = (roots: string[]) => {
        const seen = new Set<string>()
        const stack = [...roots]
        while (stack.length > 0) {
          const id = stack.pop()!
          if (seen.has(id)) continue
          seen.add(id)
          stack.push(...staticImports(id))
        }
        return seen
      }
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry)
      // In a worker's own build (its entry is not the app's), there is nothing to group.
      if (!ids.some((id) => id.endsWith(shell))) {
        graph = { shell: new Set(), firstScreen: new Set() }
        return
      }
      const entry = reach(entries)
      const shellRoot = find(shell)
      const firstRoot = find(first)
      // The roots keep their own chunks (the entry's dynamic import and its preload name them).
      const shellModules = new Set([...reach([shellRoot])].filter((id) => id !== shellRoot && !entry.has(id)))
      // Everything else loaded lazily: the other screens, dialogs and parts (dynamic import targets).
      const lazyRoots = ids
        .flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
        .filter((id) => id !== shellRoot && id !== firstRoot)
      const elsewhere = reach([...new Set(lazyRoots)])
      const firstScreen = new Set(
        [...reach([firstRoot])].filter((id) => id !== firstRoot && !shellModules.has(id) && !entry.has(id) && elsewhere.has(id)),
      )
      graph = { shell: shellModules, firstScreen }
    },
  }
}
