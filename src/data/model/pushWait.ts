// Why the sync engine is not pushing right now, or what its push waits on (issue 38): a small state kept
// in the replica's syncState row beside the status chip's fields, so the sync details panel can tell a
// person why their changes wait and a failing test can print it for each person. The engine is its one
// writer; it changes only where a push starts or ends, so keeping it costs no extra writes per change.

/** What a push run is doing when it has waited on one request for a while. */
export type PushRequestKind = 'rows' | 'upload' | 'api' | 'remove' | 'reread'

export type PushWait =
  /** The last push found nothing more to send. */
  | { state: 'idle'; since: number }
  /** A push run is under way; `request` names the request it has waited on for a while, if any. */
  | { state: 'pushing'; since: number; request?: { kind: PushRequestKind; since: number } }
  /** The last push failed (a server error, a refusal to answer); the next one goes at `dueAt`. */
  | { state: 'backoff'; since: number; dueAt: number; attempt: number; error: string }
  /** The server named a time (Retry-After): nothing pushes before `dueAt`. */
  | { state: 'server-asked'; since: number; dueAt: number; error: string }
  /** The last push got no answer at all: it goes again when the server answers anything, or at `dueAt`. */
  | { state: 'offline'; since: number; dueAt: number; attempt: number; error: string }

/** A person's words for it, for the sync details panel. */
export function pushWaitText(wait: PushWait, now: number = Date.now()): string {
  const seconds = (at: number) => Math.max(0, Math.round((at - now) / 1000))
  switch (wait.state) {
    case 'idle':
      return 'Nothing to send.'
    case 'pushing':
      return wait.request?.kind === 'upload' ? 'Sending a photo.' : 'Sending changes.'
    case 'backoff':
      return `The last try failed (${wait.error}). Trying again in ${seconds(wait.dueAt)} s.`
    case 'server-asked':
      return `The server asked to wait. Trying again in ${seconds(wait.dueAt)} s.`
    case 'offline':
      return `No answer from the server. Trying again as soon as it answers, at the latest in ${seconds(wait.dueAt)} s.`
  }
}
