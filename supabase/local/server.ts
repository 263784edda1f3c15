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
import { cors } from './cors'
import { openDatabase } from './db/openDatabase'
import { makeApiKeys } from './keys'
import { mountAuth } from './auth/index'
import { mountRest } from './rest/index'
import { mountStorage } from './storage/index'
import { attachRealtime } from './realtime/index'
import { createProductApi, type ProductApi } from '../api/app'
import { localApiInstanceId, localStorageOrigins } from './apiWiring'
import { mountApp } from './serveApp'

/** What tests and scripts need of a running stack besides the product API. */
export interface StackHandle {
  url: string
  port: number
  anonKey: string
  serviceRoleKey: string
  db: PGlite
  context: StackContext
  close(): Promise<void>
}

export interface LocalStack extends StackHandle {
  /** The product API mounted at /api (its job runner and vision pool). */
  api: ProductApi
}

export async function startLocalStack(config: StackConfig): Promise<LocalStack> {
  const temporaryRoot = config.dataDir ? null : await mkdtemp(path.join(os.tmpdir(), 'moori-stack-'))
  const storageRoot = path.join(config.dataDir ?? temporaryRoot!, 'storage')
  await mkdir(storageRoot, { recursive: true })
  const db = await openDatabase({ dataDir: config.dataDir ? path.join(config.dataDir, 'pglite') : undefined })
  const keys = await makeApiKeys(config.jwtSecret)

  let publicUrl = `http://${config.host}:${config.port}`
  const context: StackContext = { config, db, keys, storageRoot, publicUrl: () => publicUrl }

  const app = new Hono()
  app.use('*', cors)
  await mountAuth(app, context)
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
  publicUrl = `http://${config.host}:${port}`
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
    async close() {
      if (closed) return
      closed = true
      await api.close()
      await realtime.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await db.close()
      if (temporaryRoot) await rm(temporaryRoot, { recursive: true, force: true })
    },
  }
}
