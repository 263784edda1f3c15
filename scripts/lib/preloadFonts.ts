// Adds <link rel="preload"> for the fonts the first screen uses (their file names are hashed, so only
// the build knows them). Preloaded, they arrive with the first CSS instead of after it, so text does
// not reflow when they swap in.
import type { Plugin } from 'vite'

export function preloadFonts(patterns: RegExp[]): Plugin {
  return {
    name: 'moori-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const files = Object.keys(context.bundle ?? {}).filter((file) => patterns.some((p) => p.test(file)))
        return {
          html,
          tags: files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head' as const,
          })),
        }
      },
    },
  }
}
