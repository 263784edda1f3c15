// vite-plugin-pwa builds the service worker in a Vite build of its own, with Rollup's option names
// (`output.inlineDynamicImports`, which Vite 8 warns is deprecated) and Vite's default log level (so a
// quiet app build still printed the worker build's banner and file list). `follow` goes among the
// app's plugins and notes the app build's log level; `plugins` goes in `injectManifest.buildPlugins.vite`
// and gives the worker build that level and Vite 8's name for one bundle, `codeSplitting: false`.
import type { LogLevel, Plugin } from 'vite'

export function serviceWorkerBuild(): { follow: Plugin; plugins: Plugin[] } {
  let logLevel: LogLevel = 'info'
  return {
    follow: {
      name: 'moori-service-worker-build-follows-app',
      apply: 'build',
      configResolved(config) {
        logLevel = config.logLevel ?? 'info'
      },
    },
    plugins: [
      {
        name: 'moori-service-worker-build',
        config(config) {
          for (const options of [config.build?.rollupOptions, config.build?.rolldownOptions]) {
            const output = options?.output
            if (!output || Array.isArray(output) || !('inlineDynamicImports' in output)) continue
            const { inlineDynamicImports, ...rest } = output
            options.output = { ...rest, codeSplitting: !inlineDynamicImports }
          }
          return { logLevel }
        },
      },
    ],
  }
}
