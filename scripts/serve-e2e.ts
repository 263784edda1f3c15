// The server behind the e2e tests: builds the app, then starts a throwaway local stack (fresh data
// directory, seeded) that serves it. Email confirmation stays on, as in production, so the tests go
// through the inbox; the Google stand-in is switched on (it is off in `npm start`), and the request
// limits are raised, since every test browser comes from the same address.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { configFromEnv } from '../supabase/local/config'
import { buildApp } from './lib/buildApp'
import { runStack } from './lib/runStack'
import { seedIfEmpty } from './lib/seedIfEmpty'

const port = Number(process.env.MOORI_E2E_PORT ?? 54329)
const appDir = process.env.MOORI_E2E_OUT_DIR ?? 'dist'
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moori-e2e-'))
if (process.env.MOORI_E2E_SKIP_BUILD !== '1') await buildApp({ quiet: true, outDir: appDir })
const stack = await runStack(
  {
    ...configFromEnv({}),
    port,
    dataDir,
    siteUrl: `http://localhost:${port}`,
    appDir,
    maxFailedSignIns: 50,
    googleStandIn: true,
    emailRequestsPerAddress: 10_000,
    emailRequestsPerEmail: 100,
  },
  () => rm(dataDir, { recursive: true, force: true }),
)
await seedIfEmpty(stack)
console.info(`e2e stack ready on ${stack.url}`)
