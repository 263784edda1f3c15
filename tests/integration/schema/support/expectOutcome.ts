// Turns an expectation of the matrix into precise assertions on what a statement did: the error code
// and message, the number of rows it touched, and the row as the superuser sees it before and after.
// Allowed writes must really change the row; forbidden ones must leave it byte-for-byte unchanged.
import { expect } from 'vitest'
import type { Expectation } from './matrixTypes'
import type { Outcome } from './runCase'

function rlsMessage(table: string): string {
  return `new row violates row-level security policy for table "${table.replace(/^.*\./, '')}"`
}

export function expectOutcome(outcome: Outcome, expectation: Expectation): void {
  const { error, rowCount, before, after } = outcome
  switch (expectation.kind) {
    case 'sees':
      expect(error).toBeUndefined()
      expect(outcome.rows.map((r) => r.id)).toEqual([...expectation.ids].sort())
      return
    case 'inserts':
      expect(error).toBeUndefined()
      expect(rowCount).toBe(1)
      expect(before).toBeNull()
      expect(after).toMatchObject(expectation.with)
      return
    case 'updates':
      expect(error).toBeUndefined()
      expect(rowCount).toBe(1)
      expect(before).not.toBeNull()
      expect(before).not.toMatchObject(expectation.to)
      expect(after).toMatchObject(expectation.to)
      return
    case 'removes':
      expect(error).toBeUndefined()
      expect(rowCount).toBe(1)
      expect(before).not.toBeNull()
      expect(after).toBeNull()
      return
    case 'keeps':
      expect(error).toBeUndefined()
      expect(before).not.toBeNull()
      expect(after).toEqual(before)
      return
    case 'refusedByRls':
      expect(error).toEqual({ code: '42501', message: rlsMessage(expectation.row.table) })
      expect(after).toEqual(before)
      return
    case 'noRows':
      expect(error).toBeUndefined()
      expect(rowCount).toBe(0)
      expect(before).not.toBeNull()
      expect(after).toEqual(before)
      return
    case 'raises':
      expect(error).toEqual({ code: expectation.code, message: expectation.message })
      expect(after).toEqual(before)
      return
  }
}
