// realtime-js (2.119.1, vsn 2.0.0) sends every `broadcast` push as a binary "user broadcast push":
// byte 0 kind (3), then the byte lengths of join_ref, ref, topic, user event and metadata, then the
// payload encoding (1 JSON, 0 binary), then those strings and the payload. This reads one into a
// frame; anything else binary is ignored.
import type { PhoenixFrame } from './phoenixFrame'

const USER_BROADCAST_PUSH = 3
const JSON_ENCODING = 1
const HEADER = 7

export function decodeUserBroadcastPush(bytes: Buffer): PhoenixFrame | null {
  if (bytes.length < HEADER || bytes[0] !== USER_BROADCAST_PUSH) return null
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [1, 2, 3, 4, 5, 6].map((i) => bytes[i]!)
  let offset = HEADER
  const take = (length: number): string => {
    const text = bytes.toString('utf8', offset, offset + length)
    offset += length
    return text
  }
  if (HEADER + joinRefLen! + refLen! + topicLen! + eventLen! + metaLen! > bytes.length) return null
  const joinRef = take(joinRefLen!)
  const ref = take(refLen!)
  const topic = take(topicLen!)
  const event = take(eventLen!)
  take(metaLen!)
  const frame: PhoenixFrame = {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event },
  }
  if (encoding !== JSON_ENCODING) {
    // Binary user payloads are not relayed: the server stamps the sender into a JSON frame.
    frame.payload = { type: 'broadcast', event: '' }
    return frame
  }
  const json = bytes.toString('utf8', offset)
  try {
    JSON.parse(json)
  } catch {
    frame.payload = { type: 'broadcast', event: '' }
    return frame
  }
  // Checked above: it is valid JSON, so it can be embedded in outgoing frames as it is.
  frame.rawPayloadJson = json
  return frame
}
