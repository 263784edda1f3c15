// Declares the vitest suites for a list of matrices: one database for the file, a completeness check
// per matrix, then one test per case, named "actor op: case" so a failure reads as the broken rule.
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authOf } from './actors'
import { coverageGaps } from './coverageGaps'
import { expectOutcome } from './expectOutcome'
import { fixtureIds } from './fixtures'
import type { Matrix, TableName } from './matrixTypes'
import { openSchemaDatabase } from './openSchemaDatabase'
import { runCase, selectIdsSql } from './runCase'

/** Returns the file's database, for further tests on the same fixtures. */
export function describeMatrices(matrices: readonly Matrix[]): () => PGlite {
  let pg: PGlite

  beforeAll(async () => {
    pg = await openSchemaDatabase()
  })
  afterAll(async () => {
    await pg.close()
  })

  it('starts every case from the full fixture set (hidden rows exist, they are just not visible)', async () => {
    for (const table of Object.keys(fixtureIds) as TableName[]) {
      const { rows } = await pg.query<{ id: string }>(selectIdsSql(table))
      expect(
        rows.map((r) => r.id),
        table,
      ).toEqual([...fixtureIds[table]].sort())
    }
  })

  describe.each(matrices.map((m) => [m.subject, m] as const))('%s', (_subject, matrix) => {
    it('fills every actor × operation cell or says why it cannot apply', () => {
      expect(coverageGaps(matrix)).toEqual([])
    })

    const named = matrix.cases.map((c) => [`${c.actor} ${c.op}: ${c.case}`, c] as const)
    it.each(named)('%s', async (_name, c) => {
      const row = c.expect.kind === 'sees' ? undefined : c.expect.row
      const outcome = await runCase(pg, {
        auth: authOf(c.actor),
        sql: c.sql,
        params: c.params,
        setup: c.setup,
        row,
      })
      expectOutcome(outcome, c.expect)
    })
  })

  return () => pg
}
