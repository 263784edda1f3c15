// Settings of the product API when it runs on its own (`npm run api`), beside a hosted Supabase project:
// everything comes from the environment, and a missing value stops the start with a message that names
// it, rather than failing on the first request.
import os from 'node:os'
import type { ApiConfig } from './app'

export interface StandaloneConfig {
  api: ApiConfig
  port: number
  host: string
  /** Browser origins allowed to call the API (the app's own origin when it is served elsewhere). */
  allowedOrigins: string[]
}

const required = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_JWT_SECRET'] as const

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

export function standaloneConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StandaloneConfig {
  const missing = required.filter((name) => !env[name])
  if (missing.length > 0) {
    throw new Error(`The product API needs ${missing.join(', ')} (see README, "The product API on its own").`)
  }
  const supabaseUrl = env.SUPABASE_URL!.replace(/\/$/, '')
  const storageOrigins = list(env.MOORI_API_STORAGE_ORIGINS)
  const port = Number(env.MOORI_API_PORT ?? 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('MOORI_API_PORT must be a port number')
  return {
    port,
    host: env.MOORI_API_HOST ?? '0.0.0.0',
    allowedOrigins: list(env.MOORI_API_ALLOWED_ORIGINS),
    api: {
      supabaseUrl: () => supabaseUrl,
      anonKey: env.SUPABASE_ANON_KEY!,
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY!,
      jwtSecret: env.SUPABASE_JWT_SECRET!,
      storageOrigins: () => storageOrigins,
      // Stable across restarts of one host or container, so it resumes the jobs it was running.
      instanceId: env.MOORI_API_INSTANCE_ID ?? `api-${os.hostname()}`,
    },
  }
}
