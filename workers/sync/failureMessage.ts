// The message a user reads when the server refuses a queued change: the spec's text for that kind of
// change, with the server's words where the spec includes them.
import type { OutboxEntry } from '@/data/model/outbox'

export function failureMessage(entry: OutboxEntry, code: string, serverMessage: string): string {
  if (entry.uniqueViolationMessage && (code === '23505' || /unique/i.test(serverMessage))) {
    return entry.uniqueViolationMessage
  }
  if (entry.preferServerMessage && serverMessage.trim()) return serverMessage
  return entry.failureMessage.replace('{message}', serverMessage)
}
