// Writes dist/_headers after the build: the app's security headers (supabase/local/appSecurityHeaders),
// with the hashes of the final index.html's inline styles and the configured Supabase and API origins.
// Static hosts that read `_headers` apply it as is; the local stack serves the same headers.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin, ResolvedConfig } from 'vite'
import { appSecurityHeaders, formatHeadersFile } from '../../supabase/local/appSecurityHeaders.ts'

export function securityHeadersFile(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'moori-security-headers',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir)
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8')
      const headers = appSecurityHeaders({
        html,
        supabaseUrl: process.env.VITE_SUPABASE_URL,
        apiUrl: process.env.VITE_API_URL,
      })
      await writeFile(path.join(outDir, '_headers'), formatHeadersFile(headers))
    },
  }
}
