// The product API ({host}/api): the calls whose answer a user waits for and that need a server, such as
// background removal, outfit processing jobs, item extraction, prompt moodboards and account deletion.
// The local stack mounts it under /api; `npm run api` runs it alone beside any Supabase project. It
// reaches Supabase only through its public protocols (supabase-js with the service role), so both are
// the same code. The vision models load on first use, in worker processes, never on the event loop.
import { Hono } from 'hono'
import { errorResponse } from './apiError'
import { MAX_API_BODY_BYTES, capBody } from './bodyLimits'
import { createAdminClient, type AdminClient } from './supabaseAdmin'
import { requireUser, type ApiEnv } from './requireUser'
import { mountAccountRoutes } from './accountRoutes'
import { mountWallRoutes } from './wallRoutes'
import type { VisionService } from './vision/types'
import { lazyVision } from './vision/lazyVision'
import { defaultJobRunnerOptions, JobRunner, type JobRunnerOptions } from './wardrobe/jobRunner'
import { mountWardrobeRoutes, type WardrobeLimits } from './wardrobe/wardrobeRoutes'

export interface ApiConfig {
  /** Base URL of the Supabase project (a function: the local stack knows its port only once listening). */
  supabaseUrl: () => string
  anonKey: string
  serviceRoleKey: string
  /** Verifies users' access tokens (Supabase's JWT secret). */
  jwtSecret: string
  /** Other origins whose Storage URLs name this project's objects (a custom domain, localhost aliases). */
  storageOrigins?: () => readonly string[]
  /** Names this instance in claimed jobs; keep it stable across restarts so it resumes its own jobs. */
  instanceId: string
  jobs?: Partial<Omit<JobRunnerOptions, 'instanceId'>>
  limits?: Partial<WardrobeLimits>
  /** The vision layer; by default a worker pool sized to the machine, created on first use. */
  vision?: () => VisionService
}

export interface ProductApi {
  app: Hono<ApiEnv>
  /** Starts the job runner (call once Supabase is reachable at `supabaseUrl`). */
  start(): void
  /** Loads the vision models now, so the first request does not wait for them. */
  warmUp(): Promise<void>
  close(): Promise<void>
  /** For tests and the bench. */
  runner: JobRunner
  vision: VisionService
}

export function createProductApi(config: ApiConfig): ProductApi {
  let admin: AdminClient | null = null
  const adminClient = () => (admin ??= createAdminClient(config.supabaseUrl(), config.serviceRoleKey))
  const pool = lazyVision(async () => (await import('./vision/visionPool')).createVisionPool())
  const vision = config.vision ?? (() => pool)
  const reader = {
    get supabaseUrl() {
      return config.supabaseUrl()
    },
    apiKey: config.anonKey,
  }

  const runner = new JobRunner(
    { admin: adminClient, vision, reader, serviceKey: config.serviceRoleKey },
    { ...defaultJobRunnerOptions, ...config.jobs, instanceId: config.instanceId },
  )

  const app = new Hono<ApiEnv>()
  app.onError((error, c) => errorResponse(error, c))
  app.get('/health', (c) => c.json({ ok: true }))
  app.use('*', capBody(MAX_API_BODY_BYTES))
  app.use('*', requireUser(adminClient, config.jwtSecret))
  app.get('/me', (c) => c.json({ id: c.get('user').id, email: c.get('user').email }))
  mountWallRoutes(app, adminClient)
  mountAccountRoutes(app, adminClient)
  mountWardrobeRoutes(app, {
    admin: adminClient,
    vision,
    reader,
    storageOrigins: () => [config.supabaseUrl(), ...(config.storageOrigins?.() ?? [])],
    jobQueued: () => runner.kick(),
    limits: config.limits,
  })

  return {
    app,
    runner,
    vision: vision(),
    start: () => runner.start(),
    warmUp: async () => {
      const service = vision()
      await service.warmUp?.()
    },
    async close() {
      await runner.close()
      await pool.close()
    },
  }
}
