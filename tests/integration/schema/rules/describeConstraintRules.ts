// Value rules (spec §5, §9) enforced by check constraints and the unique username index: each bad value
// is refused with its Postgres code and constraint, writes nothing, and its boundary value passes.
import type { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { constraintCases } from '../matrix/constraintCases'
import { authOf } from '../support/actors'
import { runCase } from '../support/runCase'

/** Declares the value-rule tests on the given database (fixtures loaded). */
export function describeConstraintRules(db: () => PGlite): void {
  describe('value rules', () => {
    const named = constraintCases.map((c) => [`${c.rejects ? 'refuses' : 'accepts'} ${c.case}`, c] as const)

    it.each(named)('%s', async (_name, c) => {
      const outcome = await runCase(db(), { auth: authOf(c.actor), sql: c.sql, params: c.params, row: c.row })
      if (c.rejects) {
        expect(outcome.error).toEqual(c.rejects)
        // The UI shows a server error containing 'unique' as 'Username is already taken' (spec §5).
        if (c.rejects.code === '23505') expect(outcome.error?.message).toContain('unique')
        expect(outcome.after).toEqual(outcome.before)
      } else {
        expect(outcome.error).toBeUndefined()
        expect(outcome.after).not.toBeNull()
        expect(outcome.after).not.toEqual(outcome.before)
      }
    })
  })
}
