// A push run's requests, watched: which one the run waits on and since when, so the engine can say
// "waiting on an upload for 40 s" instead of only "pushing". Only a request still unanswered after
// `slowMs` is reported, so a healthy push costs no extra status writes.
import type { PushRequestKind } from '@/data/model/pushWait'
import type { SyncTransport } from './transport'

export interface RequestInFlight {
  kind: PushRequestKind
  since: number
}

export function watchedTransport(
  transport: SyncTransport,
  onSlow: (request: RequestInFlight) => void,
  slowMs = 3000,
): SyncTransport {
  const watch = <T>(kind: PushRequestKind, work: () => Promise<T>): Promise<T> => {
    const request = { kind, since: Date.now() }
    const timer = setTimeout(() => onSlow(request), slowMs)
    return work().finally(() => clearTimeout(timer))
  }
  return {
    pull: (scope, since) => transport.pull(scope, since),
    fetchRow: (table, id) => transport.fetchRow(table, id),
    subscribe: (name, bindings, onChange, onStatus) => transport.subscribe(name, bindings, onChange, onStatus),
    refreshRealtimeAuth: () => transport.refreshRealtimeAuth(),
    close: () => transport.close(),
    push: (ops) => watch('rows', () => transport.push(ops)),
    upload: (bucket, path, blob, contentType) => watch('upload', () => transport.upload(bucket, path, blob, contentType)),
    removeObject: (bucket, path) => watch('remove', () => transport.removeObject(bucket, path)),
    callApi: (path, body) => watch('api', () => transport.callApi(path, body)),
    fetchRows: (table, ids) => watch('reread', () => transport.fetchRows(table, ids)),
  }
}
