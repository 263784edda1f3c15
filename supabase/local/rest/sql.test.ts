// Parameters and identifiers, the two ways request text reaches SQL.
import { describe, expect, it } from 'vitest'
import { SqlParams, arrayLiteral, ident } from './sql'

describe('sql helpers', () => {
  it('numbers only the parameters the final statement uses, in order of appearance', () => {
    const params = new SqlParams()
    const a = params.add('a')
    const unused = params.add('unused')
    const b = params.add(2)
    expect(unused).not.toBe(a)
    expect(params.compile(`select ${b}, ${a}, ${b}`)).toEqual({ text: 'select $1, $2, $1', values: [2, 'a'] })
  })

  it('quotes identifiers and refuses control characters', () => {
    expect(ident('we"ird')).toBe('"we""ird"')
    expect(() => ident('a\u0000b')).toThrow()
    expect(() => ident('a\u0001b')).toThrow()
  })

  it('builds array literals that keep commas, quotes and backslashes inside elements', () => {
    expect(arrayLiteral(['a', 'b,c', 'say "hi"', 'back\\slash'])).toBe(
      '{"a","b,c","say \\"hi\\"","back\\\\slash"}',
    )
  })
})
