// The local Supabase-compatible stack: one Node process, one port, serving Auth (/auth/v1), REST
// (/rest/v1), Realtime (/realtime/v1/websocket), Storage (/storage/v1), the mail inbox (/inbox) and the
// product API (/api) on top of PGlite, so the unmodified supabase-js client works against it.
import { mkdtemp, mkdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { Hono } from 'hono'
import { createAdaptorServer } from '@hono/node-server'
import type { PGlite } from '@electric-sql/pglite'
import type { StackConfig } from './config'
import type { StackContext } from './context'
import type { Mailbox } from './mail/mailbox'
import { requestGuard } from './requestGuard'
import { createOriginPolicy } from './guard/originPolicy'
import { openDatabase } from './db/openDatabase'
import { makeApiKeys } from './keys'
import { mountAuth } from './auth/index'
import { mountRest } from './rest/index'
import { mountStorage } from './storage/index'
import { attachRealtime } from './realtime/index'
import { createProductApi, type ProductApi } from '../api/app'
import { localApiInstanceId, localStorageOrigins } from './apiWiring'
import { mountApp } from './serveApp'
import { checkStartupSecurity } from './startupSecurity'
import { createSessionWatch } from './sessionWatch'
import { ImageRenders } from './storage/renderCache'

/** What tests and scripts need of a running stack besides the product API. */
export interface StackHandle {
  url: string
  port: number
  anonKey: string
  serviceRoleKey: string
  db: PGlite
  context: StackContext
  /** Things about this configuration that the person running it must know (printed by runStack). */
  warnings: string[]
  close(): Promise<void>
}

export interface LocalStack extends StackHandle {
  /** The product API mounted at /api (its job runner and vision pool). */
  api: ProductApi
  /** The emails kept on this machine (no SMTP configured), whether or not /inbox serves them. */
  mailbox: Mailbox
}

/** Where clients reach the stack: its address, or the site URL's origin when it listens on all
 * addresses (0.0.0.0 names no host a browser could use, and the Host check would refuse it). */
function publicUrlOf(config: StackConfig, port: number): string {
  if (config.host === '0.0.0.0' || config.host === '::') return new URL(config.siteUrl).origin
  return `http://${config.host}:${port}`
}

export async function startLocalStack(config: StackConfig): Promise<LocalStack> {
  const warnings = checkStartupSecurity(config)
  const temporaryRoot = config.dataDir ? null : await mkdtemp(path.join(os.tmpdir(), 'moori-stack-'))
  const storageRoot = path.join(config.dataDir ?? temporaryRoot!, 'storage')
  await mkdir(storageRoot, { recursive: true })
  const db = await openDatabase({ dataDir: config.dataDir ? path.join(config.dataDir, 'pglite') : undefined })
  const keys = await makeApiKeys(config.jwtSecret)

  let publicUrl = `http://${config.host}:${config.port}`
  const origins = createOriginPolicy(config)
  const context: StackContext = {
    config,
    db,
    keys,
    origins,
    storageRoot,
    publicUrl: () => publicUrl,
    sessions: createSessionWatch(),
    renders: new ImageRenders(storageRoot, config.renders),
  }

  const app = new Hono()
  app.use('*', requestGuard(origins))
  const mail = await mountAuth(app, context)
  await mountRest(app, context)
  await mountStorage(app, context)
  const api = createProductApi({
    supabaseUrl: () => publicUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtSecret: config.jwtSecret,
    storageOrigins: () => localStorageOrigins(publicUrl, config.siteUrl),
    instanceId: localApiInstanceId(config.dataDir),
    ...config.api,
  })
  app.route('/api', api.app)
  if (config.appDir) mountApp(app, config.appDir)
  else app.get('/', (c) => c.json({ name: 'Moori local stack', services: ['auth', 'rest', 'realtime', 'storage', 'inbox', 'api'] }))

  const server = createAdaptorServer({ fetch: app.fetch }) as Server
  const realtime = await attachRealtime(server, context)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  publicUrl = publicUrlOf(config, port)
  api.start()

  let closed = false
  return {
    url: publicUrl,
    port,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    db,
    context,
    api,
    warnings,
    mailbox: mail.mailbox,
    async close() {
      if (closed) return
      closed = true
      await api.close()
      await mail.mailer.close()
      await realtime.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await db.close()
      if (temporaryRoot) await rm(temporaryRoot, { recursive: true, force: true })
    },
  }
}
