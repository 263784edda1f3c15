// `npm run dev`: the local stack plus Vite's dev server with hot reload. Vite proxies the service paths
// to the stack, so the app still talks to its own origin as under `npm start`.
import { createServer } from 'vite'
import { configFromEnv } from '../supabase/local/config'
import { printStack, runStack } from './lib/runStack'
import { seedIfEmpty } from './lib/seedIfEmpty'

const devPort = Number(process.env.MOORI_DEV_PORT ?? 5173)
const siteUrl = process.env.MOORI_SITE_URL ?? `http://localhost:${devPort}`
const stackConfig = configFromEnv()
const target = `http://127.0.0.1:${stackConfig.port}`
const closers: Array<() => Promise<void>> = []
const stack = await runStack({ ...stackConfig, siteUrl }, async () => {
  for (const close of closers) await close()
})
await seedIfEmpty(stack)
const vite = await createServer({
  configFile: 'vite.config.ts',
  server: {
    port: devPort,
    strictPort: true,
    proxy: {
      '/auth/v1': target,
      '/rest/v1': target,
      '/storage/v1': target,
      '/inbox': target,
      '/api': target,
      '/realtime/v1': { target: target.replace('http', 'ws'), ws: true },
    },
  },
})
closers.push(() => vite.close())
await vite.listen()
printStack(stack, siteUrl)
