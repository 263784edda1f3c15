// `npm start`: applies pending migrations, starts the local stack, builds the app and serves the
// production build from the stack's origin (so the service worker works as users get it). Seeds demo
// data into an empty database, and loads the wardrobe engine's models. Data persists in .data/
// (`npm run db:reset` wipes it).
import { configFromEnv } from '../supabase/local/config'
import { buildApp } from './lib/buildApp'
import { printStack, runStack } from './lib/runStack'
import { seedIfEmpty } from './lib/seedIfEmpty'

const base = configFromEnv()
const siteUrl = process.env.MOORI_SITE_URL ?? `http://localhost:${base.port}`
console.info('Building the app...')
await buildApp({ quiet: true })
const stack = await runStack({ ...base, siteUrl, appDir: 'dist' })
await seedIfEmpty(stack)
printStack(stack, siteUrl)
// The wardrobe engine's models load in the background, so the first outfit photo does not wait for them.
void stack.api.warmUp().catch((error: unknown) => console.error('Could not load the wardrobe models:', error))
