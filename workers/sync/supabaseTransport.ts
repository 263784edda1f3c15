// The sync transport over supabase-js's parts: mutations and pulls are two RPCs (sync_push, sync_pull),
// files go to Storage, live changes come from Realtime. The session's token comes from the main thread,
// so the worker builds the REST and Realtime clients itself rather than with createClient, which would
// bring auth-js along (a fifth of the worker's download for a client it never uses); the Storage client
// loads with the first upload.
import { PostgrestClient } from '@supabase/postgrest-js'
import { REALTIME_SUBSCRIBE_STATES, RealtimeClient, type RealtimeChannel } from '@supabase/realtime-js'
import type { StorageClient } from '@supabase/storage-js'
import type { ServerTable } from '@/data/model/tables'
import { ApiCallError, callProductApi, type ProductApiConnection } from '@/data/wardrobe/productApi'
import type { ChangeBinding } from '@/data/model/scopes'
import { NetworkFailure, SyncError, classifySqlState, classifyStatus, isNetworkFailure } from './classifyError'
import type { PushResult, RealtimeChange, SyncTransport, TokenSource } from './transport'

export interface SupabaseTransportOptions {
  url: string
  anonKey: string
  /** The product API's base URL (`{host}/api`). */
  apiUrl: string
  tokens: TokenSource
  /** A fetch to use instead of the global one (tests inject faults here). */
  fetch?: typeof fetch
  /** A WebSocket implementation where there is no global one (Node 20). */
  WebSocket?: unknown
}

interface ErrorLike {
  message?: string
  code?: string
  status?: number
  statusCode?: string
}

/** Sorts a supabase-js error. postgrest-js answers status 0 when its fetch threw; storage-js wraps the
 * fetch's own error, which our fetch made a NetworkFailure. */
function toSyncError(error: ErrorLike, status: number | undefined, what: string): SyncError {
  const message = `${what}: ${error.message ?? 'failed'}`
  if (isNetworkFailure(error) || status === 0) return new SyncError('transient', message, 0, error.code ?? null)
  if (!status) return new SyncError('transient', message, -1, error.code ?? null)
  const byStatus = classifyStatus(status)
  const kind = byStatus === 'permanent' && error.code ? classifySqlState(error.code) : byStatus
  return new SyncError(kind, message, status, error.code ?? null)
}

const isPushResult = (value: unknown): value is PushResult =>
  typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean'

export function createSupabaseTransport(options: SupabaseTransportOptions): SyncTransport {
  const baseFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  // A request that got no answer at all is marked here, so it is classified by type, not by wording.
  const networkFetch: typeof fetch = async (input, init) => {
    try {
      return await baseFetch(input, init)
    } catch (error) {
      throw new NetworkFailure(error)
    }
  }
  const base = options.url.replace(/\/$/, '')
  const token = async () => (await options.tokens.get()) ?? options.anonKey
  // As supabase-js does it: the anon key names the project, the session's token (or the key) authorizes.
  const authedFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    if (!headers.has('apikey')) headers.set('apikey', options.anonKey)
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${await token()}`)
    return networkFetch(input, { ...init, headers })
  }
  const rest = new PostgrestClient(`${base}/rest/v1`, { fetch: authedFetch })
  const productApi: ProductApiConnection = { apiUrl: options.apiUrl, accessToken: () => options.tokens.get(), fetch: networkFetch }
  const realtime = new RealtimeClient(`${base.replace(/^http/, 'ws')}/realtime/v1`, {
    params: { apikey: options.anonKey },
    accessToken: token,
    ...(options.WebSocket ? { transport: options.WebSocket as typeof globalThis.WebSocket } : {}),
  })
  void token().then((t) => realtime.setAuth(t)).catch((error: unknown) => console.warn('[sync] Could not set the Realtime token', error))
  let storage: Promise<StorageClient> | null = null
  /** Loaded on the first upload; a load that failed (offline before the app's files were cached) is tried again. */
  const storageClient = () => {
    if (!storage) {
      const loading = import('@supabase/storage-js').then(({ StorageClient }) => new StorageClient(`${base}/storage/v1`, {}, authedFetch))
      storage = loading
      loading.catch(() => {
        if (storage === loading) storage = null
      })
    }
    // Its code not arriving is a network failure like any other: retried, never a refusal.
    return storage.catch((error: unknown) => {
      throw new SyncError('transient', `Storage client could not load: ${error instanceof Error ? error.message : String(error)}`, 0)
    })
  }

  const rpc = async (name: string, args: Record<string, unknown>) => {
    const response = await rest.rpc(name, args)
    return { data: response.data as unknown, error: response.error, status: response.status }
  }

  return {
    async push(ops) {
      const { data, error, status } = await rpc('sync_push', { mutations: ops })
      if (error) throw toSyncError(error, status, 'Push failed')
      if (!Array.isArray(data) || !data.every(isPushResult)) throw new SyncError('transient', 'Push failed: the reply could not be read', status, 'bad_reply')
      return data
    },

    async pull(scope, since) {
      const { data, error, status } = await rpc('sync_pull', { scope, since })
      if (error) throw toSyncError(error, status, 'Pull failed')
      return data
    },

    async upload(bucket, path, blob, contentType) {
      const { error } = await (await storageClient()).from(bucket).upload(path, blob, { contentType, upsert: false, cacheControl: '3600' })
      if (!error) return
      const e = error as ErrorLike
      if (e.statusCode === '409' || e.code === 'KeyAlreadyExists' || e.code === 'Duplicate') return
      const semantic = Number(e.statusCode ?? e.status ?? 0)
      if (e.code === 'InvalidJWT' || semantic === 401) throw new SyncError('auth', e.message ?? 'Unauthorized', 401, e.code ?? null)
      throw toSyncError(e, Number.isFinite(semantic) && semantic > 0 ? semantic : e.status, 'Upload failed')
    },

    async removeObject(bucket, path) {
      const { error } = await (await storageClient()).from(bucket).remove([path])
      if (error) throw toSyncError(error, (error as ErrorLike).status, 'Remove failed')
    },

    async callApi(path, body) {
      try {
        await callProductApi(productApi, path, { body })
      } catch (error) {
        if (!(error instanceof ApiCallError)) throw error
        if (error.status === 0) throw new SyncError('transient', `API call failed: ${error.message}`, 0)
        throw new SyncError(classifyStatus(error.status), error.message, error.status, String(error.status), error.retryAfterMs)
      }
    },

    async fetchRow(table: ServerTable, id: string) {
      const response = await rest.from(table).select('*').eq('id', id).maybeSingle()
      if (response.error) throw toSyncError(response.error, response.status, 'Fetch failed')
      return (response.data as Record<string, unknown> | null) ?? null
    },

    async fetchRows(table: ServerTable, ids: string[]) {
      const response = await rest.from(table).select('*').in('id', ids)
      if (response.error) throw toSyncError(response.error, response.status, 'Fetch failed')
      return (response.data as Array<Record<string, unknown>> | null) ?? []
    },

    subscribe(name, bindings: ChangeBinding[], onChange, onStatus) {
      let channel: RealtimeChannel = realtime.channel(name)
      for (const binding of bindings) {
        channel = channel.on(
          'postgres_changes',
          { event: '*', schema: 'public', table: binding.table, ...(binding.filter ? { filter: binding.filter } : {}) },
          (payload) => {
            const change: RealtimeChange = {
              table: payload.table as ServerTable,
              eventType: payload.eventType,
              record: (payload.new ?? {}),
              oldRecord: (payload.old ?? {}),
            }
            onChange(change)
          },
        )
      }
      channel.subscribe((status) => {
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) onStatus('subscribed')
        else if (status === REALTIME_SUBSCRIBE_STATES.CLOSED) onStatus('closed')
        else onStatus('error')
      })
      return async () => {
        await realtime.removeChannel(channel)
      }
    },

    async refreshRealtimeAuth() {
      await realtime.setAuth()
    },

    async close() {
      await realtime.removeAllChannels()
      await realtime.disconnect()
    },
  }
}
