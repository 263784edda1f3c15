// `npm run api`: the product API on its own, in front of any Supabase project (the way it deploys beside
// hosted Supabase): the endpoints under /api, the job runner, and the vision models warmed up at start.
// Settings come from the environment (README, "The product API on its own"). Ctrl-C / SIGTERM stop it
// cleanly: running jobs get a few seconds, the rest go back to the queue for the next start.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { createProductApi } from '../supabase/api/app'
import { standaloneConfigFromEnv } from '../supabase/api/standaloneConfig'

const config = standaloneConfigFromEnv()
const api = createProductApi(config.api)
const app = new Hono()
if (config.allowedOrigins.length > 0) {
  app.use('/api/*', cors({ origin: config.allowedOrigins, allowHeaders: ['Authorization', 'Content-Type'], maxAge: 600 }))
}
app.route('/api', api.app)

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.info(`Moori product API on http://${config.host}:${info.port}/api (instance ${config.api.instanceId})`)
})
api.start()
void api.warmUp().then(
  () => console.info('Vision models loaded.'),
  (error: unknown) => console.error('Could not load the vision models:', error),
)

let stopping = false
const stop = (signal: string) => {
  if (stopping) return
  stopping = true
  console.info(`\n${signal}: stopping the product API...`)
  server.close()
  void api.close().then(() => process.exit(0))
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
