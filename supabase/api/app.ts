// The product API ({host}/api): the calls whose answer a user waits for and that need a server, such as
// background removal, outfit processing jobs, item extraction, prompt moodboards and account deletion.
// The local stack mounts it under /api; in production it runs as its own Node service.
import { Hono } from 'hono'
import { MAX_API_BODY_BYTES, capBody } from './bodyLimits'
import { createAdminClient, type AdminClient } from './supabaseAdmin'
import { requireUser, type ApiEnv } from './requireUser'
import { mountAccountRoutes } from './accountRoutes'
import { mountWallRoutes } from './wallRoutes'

export interface ApiConfig {
  /** Base URL of the Supabase project (a function: the local stack knows its port only once listening). */
  supabaseUrl: () => string
  anonKey: string
  serviceRoleKey: string
}

export function createApiApp(config: ApiConfig): Hono<ApiEnv> {
  let admin: AdminClient | null = null
  const adminClient = () => (admin ??= createAdminClient(config.supabaseUrl(), config.serviceRoleKey))

  const app = new Hono<ApiEnv>()
  app.get('/health', (c) => c.json({ ok: true }))
  app.use('*', capBody(MAX_API_BODY_BYTES))
  app.use('*', requireUser(adminClient))
  app.get('/me', (c) => c.json({ id: c.get('user').id, email: c.get('user').email ?? null }))
  mountWallRoutes(app, adminClient)
  mountAccountRoutes(app, adminClient)
  return app
}
