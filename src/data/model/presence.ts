// Who is on a wall with you, as plain records shared by the presence worker and the page: the peers
// the server announces (it decides their identity; guests have none) and the drag steps broadcast
// while someone moves a card. Parsing is defensive: anything malformed is dropped.

export interface PresencePeer {
  /** The server's presence key: the user id, or `guest:<random>` for a guest. */
  key: string
  userId: string | null
  username: string | null
  /** What to call them: display name, else username, else 'Guest'. */
  name: string
  avatarPath: string | null
  guest: boolean
}

/** One step of a drag as sent: where the card is now, or that it was dropped. */
export interface DragMessage {
  item: string
  x: number
  y: number
  end?: boolean
}

export type PresenceEvent =
  | { type: 'peers'; peers: PresencePeer[] }
  | { type: 'status'; connected: boolean }
  /** Drag steps, at most one per item: the newest since the last batch. */
  | { type: 'drags'; drags: RemoteDragStep[] }

export type RemoteDragStep = { sender: string } & Required<DragMessage>

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

/** Peers from supabase-js's presenceState(), leaving out this tab's own presence. */
export function peersFromState(state: Record<string, Array<Record<string, unknown>>>, ownTab: string): PresencePeer[] {
  const peers: PresencePeer[] = []
  for (const [key, metas] of Object.entries(state)) {
    const others = metas.filter((meta) => meta.tab !== ownTab)
    const meta = others[others.length - 1]
    if (!meta) continue
    const guest = meta.guest === true
    const username = guest ? null : text(meta.username)
    peers.push({
      key,
      userId: guest ? null : text(meta.user_id),
      username,
      name: guest ? 'Guest' : (text(meta.display_name) ?? username ?? 'Someone'),
      avatarPath: guest ? null : text(meta.avatar_path),
      guest,
    })
  }
  return peers.sort((a, b) => Number(a.guest) - Number(b.guest) || a.name.localeCompare(b.name))
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** A drag broadcast as received (`{event, payload, meta: {sender}}`), or null when malformed or anonymous. */
export function readDragMessage(message: Record<string, unknown>): RemoteDragStep | null {
  const payload = message.payload as Record<string, unknown> | undefined
  const meta = message.meta as Record<string, unknown> | undefined
  const sender = text(meta?.sender)
  if (!payload || !sender) return null
  const item = text(payload.item)
  if (!item || !finite(payload.x) || !finite(payload.y)) return null
  return { sender, item, x: payload.x, y: payload.y, end: payload.end === true }
}
