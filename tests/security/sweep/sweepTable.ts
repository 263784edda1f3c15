// The shape of the access sweep: every surface of the backend (a REST table, an RPC, a storage bucket,
// a realtime channel, an /api endpoint, an auth endpoint) is ONE row that lists its cases. A case is
// one actor (anon, a stranger, the owner) trying one thing on public or private data, and says whether
// it must be refused or allowed. A refused case leaks when the attempt took effect or when anything the
// actor saw (status, headers, body, error text, realtime payloads) holds one of the owner's secrets.
// Allowed cases are positive controls: they show the sweep would see the data if it were exposed.
import type { Actor, World } from '../support/world'
import { leakedSecrets } from '../support/world'

export type Expect = 'refuse' | 'allow'

export interface Attempt {
  /** The attempt reached what it aimed at (data returned, a row or file changed, an event delivered). */
  effect: boolean
  /** Everything the actor saw, to search for secrets. */
  seen: string
  /** What the actor sent (ids, paths they already knew): an answer that only repeats it leaks nothing. */
  sent?: string[]
}

/** What the actor saw, minus the echoes of what they sent. */
export function unechoed(attempt: Pick<Attempt, 'seen' | 'sent'>): string {
  let seen = attempt.seen
  for (const sent of attempt.sent ?? []) if (sent) seen = seen.split(sent).join('«sent»')
  return seen
}

export interface Case {
  name: string
  actor: Actor
  expect: Expect
  run(world: World): Promise<Attempt>
}

export type SurfaceKind = 'table' | 'rpc' | 'bucket' | 'channel' | 'api' | 'auth'

export interface Surface {
  kind: SurfaceKind
  /** The table, function, bucket, published table, or `METHOD /path`. */
  name: string
  cases(world: World): Case[]
}

export interface Tally {
  tried: number
  refused: number
  leaked: number
  allowed: number
  /** One line per leak or failed positive control. */
  problems: string[]
}

export async function runSweep(world: World, surfaces: Surface[]): Promise<Tally> {
  const tally: Tally = { tried: 0, refused: 0, leaked: 0, allowed: 0, problems: [] }
  for (const surface of surfaces) {
    for (const c of surface.cases(world)) {
      const label = `${surface.kind} ${surface.name}: ${c.name} as ${c.actor}`
      tally.tried += 1
      let attempt: Attempt
      try {
        attempt = await c.run(world)
      } catch (error) {
        tally.problems.push(`${label}: the case itself failed: ${String(error)}`)
        if (c.expect === 'refuse') tally.leaked += 1
        continue
      }
      if (c.expect === 'allow') {
        if (attempt.effect) tally.allowed += 1
        else tally.problems.push(`${label}: the positive control saw nothing (${attempt.seen.slice(0, 200)})`)
        continue
      }
      const secrets = leakedSecrets(world, unechoed(attempt))
      if (attempt.effect || secrets.length > 0) {
        tally.leaked += 1
        const why = attempt.effect ? 'took effect' : `showed ${secrets.join(', ')}`
        tally.problems.push(`${label}: LEAK, ${why} (${attempt.seen.slice(0, 300)})`)
      } else {
        tally.refused += 1
      }
    }
  }
  return tally
}

/** The same case for several actors. */
export function forActors(
  actors: Actor[],
  expect: Expect,
  name: string,
  run: (world: World, actor: Actor) => Promise<Attempt>,
): Case[] {
  return actors.map((actor) => ({ name, actor, expect, run: (world) => run(world, actor) }))
}

export const outsiders: Actor[] = ['anon', 'stranger']
