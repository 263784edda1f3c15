// The REST service (/rest/v1): the subset of PostgREST that the unmodified supabase-js client uses —
// reads with embeds and filters, inserts/upserts, updates, deletes and rpc — answered from PGlite in one
// transaction per request as the caller's role, with PostgREST's statuses, headers and error bodies.
// Bodies are capped (StackConfig.maxRestBodyBytes).
import type { PGlite } from '@electric-sql/pglite'
import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { StackContext } from '../context'
import { requestAuthOf } from '../context'
import { deleteRows } from './deleteHandler'
import type { RestError } from './errors'
import {
  SchemaMissError,
  authError,
  payloadTooLarge,
  invalidPath,
  schemaNotExposed,
  toRestError,
  unknownTable,
  unsupportedMethod,
  unsupportedMethodForRpc,
} from './errors'
import { insertRows } from './insertHandler'
import { checkRequestContentType, responseFormat } from './mediaType'
import { parsePrefer } from './prefer'
import { parseQueryParams } from './queryParams'
import { readTable } from './readHandler'
import type { RestRequest, RestResult } from './restRequest'
import { jsonContentType } from './restRequest'
import { callFunction } from './rpcHandler'
import type { SchemaSnapshot } from './schemaCache'
import { SchemaCache, closestName } from './schemaCache'
import { updateRows } from './updateHandler'
import { watchSchemaChanges } from './schemaWatch'

const exposedSchemas = ['public']
const methods = new Set<RestRequest['method']>(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'])
const caches = new WeakMap<PGlite, SchemaCache>()

export async function mountRest(app: Hono, ctx: StackContext): Promise<void> {
  const cache = new SchemaCache(ctx.db, exposedSchemas[0])
  caches.set(ctx.db, cache)
  await cache.reload()
  await watchSchemaChanges(ctx.db, () => void cache.reload())
  const handler = (c: Context) => handleRest(c, ctx, cache)
  // Read with a cap, so an oversized body is refused before it is held in memory or parsed.
  const maxBytes = ctx.config.maxRestBodyBytes
  const capped = bodyLimit({
    maxSize: maxBytes,
    onError: () => restErrorResponse(payloadTooLarge('Request body is too large', `The limit is ${maxBytes} bytes`)),
  })
  app.use('/rest/v1', capped)
  app.use('/rest/v1/*', capped)
  app.all('/rest/v1', handler)
  app.all('/rest/v1/*', handler)
}

function checkProfile(method: string, c: Context): void {
  const header = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile'
  const profile = c.req.header(header)?.trim()
  if (profile && !exposedSchemas.includes(profile)) throw schemaNotExposed(profile, exposedSchemas)
}

function pathSegments(pathname: string): string[] {
  try {
    return pathname
      .slice('/rest/v1'.length)
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s))
  } catch {
    throw invalidPath()
  }
}

async function handleRest(c: Context, ctx: StackContext, cache: SchemaCache): Promise<Response> {
  let anonymous = true
  try {
    const resolution = await requestAuthOf(ctx, c)
    if (!resolution.ok) throw authError(resolution.reason, resolution.message)
    anonymous = resolution.auth.role === 'anon'
    const method = c.req.method.toUpperCase() as RestRequest['method']
    if (!methods.has(method)) throw unsupportedMethod(method)
    checkProfile(method, c)
    const url = new URL(c.req.url)
    const segments = pathSegments(url.pathname)
    const hasBody = method === 'POST' || method === 'PATCH'
    if (hasBody) checkRequestContentType(c.req.header('content-type'))
    const req: RestRequest = {
      method,
      path: `/${segments.join('/')}`,
      search: url.searchParams,
      headers: c.req.raw.headers,
      prefs: parsePrefer(c.req.header('prefer')),
      format: responseFormat(c.req.header('accept')),
      auth: resolution.auth,
      body: hasBody ? await c.req.text() : '',
      maxInsertRows: ctx.config.maxRowsPerInsert,
    }
    const result = await withSchema(cache, (snapshot) => route(req, snapshot, ctx.db, segments))
    return new Response(result.body, { status: result.status, headers: result.headers })
  } catch (error) {
    return restErrorResponse(toRestError(error, anonymous))
  }
}

function restErrorResponse(failure: RestError): Response {
  return new Response(JSON.stringify(failure.body), {
    status: failure.status,
    headers: { 'Content-Type': jsonContentType, ...failure.headers },
  })
}

/** Plans against the cached schema; a name it does not know triggers one reload and a second try. */
async function withSchema<T>(cache: SchemaCache, work: (snapshot: SchemaSnapshot) => Promise<T>): Promise<T> {
  const snapshot = await cache.current()
  try {
    return await work(snapshot)
  } catch (error) {
    if (error instanceof SchemaMissError && (await cache.reloadAfterMiss(snapshot)))
      return work(await cache.current())
    throw error
  }
}

function route(
  req: RestRequest,
  snapshot: SchemaSnapshot,
  db: PGlite,
  segments: string[],
): Promise<RestResult> {
  if (segments.length === 0) return Promise.resolve(root(req, snapshot))
  if (segments[0] === 'rpc' && segments.length === 2) {
    if (req.method === 'PATCH' || req.method === 'DELETE') throw unsupportedMethodForRpc()
    return callFunction(req, snapshot, db, segments[1]!)
  }
  if (segments.length !== 1) throw invalidPath()
  const name = segments[0]!
  const table = snapshot.tables.get(name)
  if (!table) throw unknownTable(snapshot.schema, name, closestName(name, snapshot.tables.keys()))
  const query = parseQueryParams(req.search)
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return readTable(req, snapshot, db, table, query)
    case 'POST':
      return insertRows(req, snapshot, db, table, query)
    case 'PATCH':
      return updateRows(req, snapshot, db, table, query)
    case 'DELETE':
      return deleteRows(req, snapshot, db, table, query)
  }
}

/** GET /rest/v1/: a small description of what is exposed (PostgREST serves its OpenAPI document here). */
function root(req: RestRequest, snapshot: SchemaSnapshot): RestResult {
  if (req.method !== 'GET' && req.method !== 'HEAD') throw unsupportedMethod(req.method)
  const paths: Record<string, object> = {}
  for (const name of [...snapshot.tables.keys()].sort()) paths[`/${name}`] = {}
  for (const name of [...snapshot.functions.keys()].sort()) paths[`/rpc/${name}`] = {}
  const body = JSON.stringify({
    swagger: '2.0',
    info: { title: 'Moori local REST (PostgREST subset)', version: '1' },
    paths,
  })
  return {
    status: 200,
    body: req.method === 'HEAD' ? null : body,
    headers: { 'Content-Type': jsonContentType },
  }
}
