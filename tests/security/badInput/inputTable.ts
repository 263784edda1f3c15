// The shape of the bad-input sweep: every form and endpoint is ONE row naming the field it fills, the
// values that must be refused (over the limit, empty, the wrong type, unicode tricks, `javascript:`
// addresses, markup where it cannot belong) and the values that are legitimate text and must be kept
// exactly as typed (markup in a name is text; the app shows it as text, tests/e2e/security/markup).
// A refusal must be a clear error: a 4xx with a message and no stack trace, and nothing stored.
import type { Answer } from '../support/http'
import type { World } from '../support/world'

export interface InputRow {
  /** e.g. `POST /rest/v1/walls name`. */
  surface: string
  refuse: Record<string, unknown>
  /** Text that must be stored verbatim. */
  keep?: Record<string, unknown>
  /** Sends one value; returns the answer and a way to ask what got stored. */
  send(world: World, value: unknown): Promise<{ answer: Answer; stored: () => Promise<unknown> }>
}

export interface InputTally {
  tried: number
  refused: number
  kept: number
  /** Refused values that were stored anyway, or answered without a clear error. */
  wrong: string[]
}

/** A 4xx whose body says what is wrong (message, msg, error or error_description), and no stack. */
export function isClearError(answer: Answer): boolean {
  if (answer.status < 400 || answer.status >= 500) return false
  if (/\n\s+at\s/.test(answer.body)) return false
  try {
    const body = JSON.parse(answer.body) as Record<string, unknown>
    const message = body.message ?? body.msg ?? body.error_description ?? body.error
    return typeof message === 'string' && message.trim().length > 0
  } catch {
    return false
  }
}

export async function runInputs(world: World, rows: InputRow[]): Promise<InputTally> {
  const tally: InputTally = { tried: 0, refused: 0, kept: 0, wrong: [] }
  for (const row of rows) {
    for (const [label, value] of Object.entries(row.refuse)) {
      tally.tried += 1
      const { answer, stored } = await row.send(world, value)
      const kept = await stored()
      if (isClearError(answer) && kept === undefined) tally.refused += 1
      else
        tally.wrong.push(
          `${row.surface} ${label}: ${answer.status} ${answer.body.slice(0, 200)}; stored: ${JSON.stringify(kept)}`,
        )
    }
    for (const [label, value] of Object.entries(row.keep ?? {})) {
      tally.tried += 1
      const { answer, stored } = await row.send(world, value)
      const kept = await stored()
      if (answer.status < 300 && JSON.stringify(kept) === JSON.stringify(value)) tally.kept += 1
      else
        tally.wrong.push(
          `${row.surface} ${label}: not kept as typed: ${answer.status} ${answer.body.slice(0, 200)}; stored: ${JSON.stringify(kept)}`,
        )
    }
  }
  return tally
}

/** The values every text field is tried with, given its limit. */
export function textAttacks(limit: number): Record<string, unknown> {
  return {
    'over the limit': 'x'.repeat(limit + 1),
    'over the limit in emoji': '😀'.repeat(limit + 1),
    'a number': 42,
    'an object': { $ne: null },
    'a list': ['a'],
    'a NUL character': 'a\u0000b',
    'a lone surrogate': '\ud800',
  }
}

export const markup = {
  'a script tag': '<script>alert(1)</script>',
  'an image with onerror': '<img src=x onerror=alert(1)>',
  'a javascript: string': 'javascript:alert(1)',
  'a right-to-left override': 'gpj.\u202eexe',
}

export const badUrls = {
  'a javascript: URL': 'javascript:alert(1)',
  'a data: URL': 'data:text/html,<script>alert(1)</script>',
  'a URL with a space': 'https://example.com/a b.jpg',
  'a URL with markup': 'https://example.com/"><script>alert(1)</script>',
  'not a URL': 'example.com/a.jpg',
  'a number': 42,
}
