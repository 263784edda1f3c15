// Phoenix channel frames as realtime-js sends and reads them: with vsn 2.0.0 a JSON array
// `[join_ref, ref, topic, event, payload]`, with vsn 1.0.0 an object with the same five fields.

export type Vsn = '1.0.0' | '2.0.0'

export interface PhoenixFrame {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: Record<string, unknown>
  /** A binary broadcast's user payload as the client encoded it (JSON), relayed without re-encoding. */
  rawPayloadJson?: string
}

function refOf(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  return null
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Reads one text frame; null when it is not a frame (the caller ignores it). */
export function decodeFrame(vsn: Vsn, text: string): PhoenixFrame | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  let joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown
  if (vsn === '2.0.0' && Array.isArray(parsed) && parsed.length === 5) {
    ;[joinRef, ref, topic, event, payload] = parsed as unknown[]
  } else if (vsn === '1.0.0' && isObject(parsed)) {
    ;({ join_ref: joinRef, ref, topic, event, payload } = parsed)
  } else {
    return null
  }
  if (typeof topic !== 'string' || typeof event !== 'string') return null
  return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload: isObject(payload) ? payload : {} }
}

/**
 * Writes a frame. `payloadJson` lets a caller pass a payload it serialised once for many sockets.
 */
export function encodeFrame(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payloadJson: string,
): string {
  if (vsn === '2.0.0') {
    return `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`
  }
  return `{"join_ref":${JSON.stringify(joinRef)},"ref":${JSON.stringify(ref)},"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson}}`
}
