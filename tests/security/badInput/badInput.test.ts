// The bad-input sweep: every form and endpoint (rows in inputRows.ts) gets over-limit, empty, wrong-
// type, unicode-trick, markup and javascript: values. Each must be refused with a clear error and
// nothing stored, or, where it is legitimate text, stored exactly as typed (the app renders it as
// text: tests/e2e/security/markup.spec.ts). Counts are printed: tried, refused, kept as text, wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { buildWorld, type World } from '../support/world'
import { inputRows } from './inputRows'
import { runInputs } from './inputTable'

let stack: TestStack
let world: World

beforeAll(async () => {
  stack = await startTestStack({ autoConfirm: false, passwordHashCost: 12 })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.close()
})

describe('the bad-input sweep', () => {
  it('refuses every bad value with a clear error and stores nothing; keeps text as typed', async () => {
    const tally = await runInputs(world, inputRows(world))
    console.info(
      `bad-input sweep: tried ${tally.tried}, refused ${tally.refused}, kept as text ${tally.kept}, wrong ${tally.wrong.length}`,
    )
    expect(tally.wrong).toEqual([])
    expect(tally.refused + tally.kept).toBe(tally.tried)
  }, 300_000)
})
