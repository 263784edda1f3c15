// The rules beyond who-may-do-what, on one shared database: value limits (check constraints, unique
// usernames), the life of a row (soft deletes, tombstones, created_at, txid, usernames) and the shape
// of the schema read from the catalog (RLS everywhere, policy conventions, sync columns, matrices).
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll } from 'vitest'
import { describeConstraintRules } from './rules/describeConstraintRules'
import { describeLifecycleRules } from './rules/describeLifecycleRules'
import { describeSchemaShape } from './rules/describeSchemaShape'
import { openSchemaDatabase } from './support/openSchemaDatabase'

let pg: PGlite

beforeAll(async () => {
  pg = await openSchemaDatabase()
})
afterAll(async () => {
  await pg.close()
})

const db = () => pg
describeSchemaShape(db)
describeConstraintRules(db)
describeLifecycleRules(db)
