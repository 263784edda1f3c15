// Builds the production app for the local stack. Without VITE_SUPABASE_URL the app talks to its own
// origin (the stack serves it), and the anon key defaults to the local development key (vite.config).
import { build } from 'vite'

/** `minify: false` keeps names readable for profiling. A quiet build leaves out Rolldown's report of slow
 * plugin callbacks too: on a loaded machine it fires on load, not on code (`node --cpu-prof` profiles a build). */
export async function buildApp(options: { outDir?: string; quiet?: boolean; minify?: boolean } = {}): Promise<void> {
  const quietChecks = options.quiet ? { rolldownOptions: { checks: { bundlerTimings: false } } } : {}
  await build({
    configFile: 'vite.config.ts',
    logLevel: options.quiet ? 'warn' : 'info',
    // The workers are bundled in builds of their own.
    worker: quietChecks,
    build: {
      ...(options.outDir ? { outDir: options.outDir, emptyOutDir: true } : {}),
      ...(options.minify === false ? { minify: false } : {}),
      ...quietChecks,
    },
  })
}
