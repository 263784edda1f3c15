// Proves a matrix is complete: every actor × operation cell has an allowed and a forbidden case, or
// the missing half is documented in the matrix's notApplicable list (and the note is not stale, i.e.
// no case contradicts it). A select case counts as allowed when it sees a row and as forbidden when a
// fixture row stays hidden from it.
import { actorList } from './actors'
import { fixtureIds } from './fixtures'
import type { Expectation, Matrix } from './matrixTypes'
import { opList } from './matrixTypes'

type Half = 'allowed' | 'forbidden'

function halvesOf(e: Expectation): Half[] {
  switch (e.kind) {
    case 'sees': {
      const halves: Half[] = []
      if (e.ids.length > 0) halves.push('allowed')
      if (fixtureIds[e.table].some((id) => !e.ids.includes(id))) halves.push('forbidden')
      return halves
    }
    case 'inserts':
    case 'updates':
    case 'removes':
    case 'keeps':
      return ['allowed']
    case 'refusedByRls':
    case 'noRows':
    case 'raises':
      return ['forbidden']
  }
}

/** Human-readable problems; empty when the matrix covers every cell. */
export function coverageGaps(matrix: Matrix): string[] {
  const gaps: string[] = []
  for (const actor of actorList) {
    for (const op of opList) {
      for (const half of ['allowed', 'forbidden'] as const) {
        const cases = matrix.cases.filter(
          (c) => c.actor === actor && c.op === op && halvesOf(c.expect).includes(half),
        )
        const notes = matrix.notApplicable.filter(
          (n) => n.actors.includes(actor) && n.ops.includes(op) && n.half === half,
        )
        const cell = `${matrix.subject}: ${actor} × ${op} (${half})`
        if (cases.length === 0 && notes.length === 0) gaps.push(`${cell} has no case and no reason`)
        if (cases.length > 0 && notes.length > 0) gaps.push(`${cell} is marked not applicable but has cases`)
      }
    }
  }
  return gaps
}
