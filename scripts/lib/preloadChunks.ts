// Adds <link rel="modulepreload"> for a chunk the entry imports dynamically (and the chunks it
// imports), so the browser fetches it with the entry instead of after the entry has run. The entry
// stays small and starts the first screen's work early; the app's code still arrives at once.
import type { Plugin, Rollup } from 'vite'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

function chunkGraph(bundle: OutputBundle, root: OutputChunk): string[] {
  const files = new Set<string>()
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return
    files.add(chunk.fileName)
    for (const name of chunk.imports) {
      const next = bundle[name]
      if (next?.type === 'chunk') visit(next)
    }
  }
  visit(root)
  return [...files]
}

/** `modules`: source paths (ending) of the dynamically imported modules to preload. */
export function preloadChunks(modules: string[]): Plugin {
  return {
    name: 'moori-preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = (context.bundle ?? {})
        const roots = Object.values(bundle).filter(
          (out): out is OutputChunk => out.type === 'chunk' && modules.some((m) => out.facadeModuleId?.endsWith(m) ?? false),
        )
        if (roots.length < modules.length) throw new Error(`preloadChunks: no chunk for ${modules.join(', ')}`)
        const already = new Set([...html.matchAll(/href="\/([^"]+\.js)"/g), ...html.matchAll(/src="\/([^"]+\.js)"/g)].map((m) => m[1]))
        const files = [...new Set(roots.flatMap((root) => chunkGraph(bundle, root)))]
        // Their styles are preloaded too, not render-blocking (the boot shell paints without them): the
        // dynamic import then applies them from the cache instead of waiting for the network.
        const styles = [...new Set(files.flatMap((file) => [...((bundle[file] as OutputChunk).viteMetadata?.importedCss ?? [])]))]
        return {
          html,
          tags: [
            ...styles.filter((file) => !html.includes(`/${file}"`)).map((file) => ({
              tag: 'link',
              attrs: { rel: 'preload', as: 'style', crossorigin: '', href: `/${file}` },
              injectTo: 'head' as const,
            })),
            ...files.filter((file) => !already.has(file)).map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
              injectTo: 'head' as const,
            })),
          ],
        }
      },
    },
  }
}
