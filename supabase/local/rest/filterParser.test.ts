// Filters and logic trees on their own, and how a query string is sorted by embed path: operators with
// modifiers, quoted values in trees, nested and/or/not, related filters, and PGRST100 for the rest.
import { describe, expect, it } from 'vitest'
import { RestError } from './errors'
import { parseFilterExpr, parseLogicTree } from './filterParser'
import { parseQueryParams } from './queryParams'

describe('filters', () => {
  it('parses operators, negation, modifiers and values that contain dots', () => {
    expect(parseFilterExpr('eq.a.b')).toEqual({
      negate: false,
      op: 'eq',
      quantifier: null,
      language: null,
      value: { kind: 'scalar', value: 'a.b' },
    })
    expect(parseFilterExpr('not.in.(1,"b,c",d)')).toMatchObject({
      negate: true,
      op: 'in',
      value: { kind: 'list', values: ['1', 'b,c', 'd'] },
    })
    expect(parseFilterExpr('is.NULL')).toMatchObject({ value: { kind: 'is', value: 'null' } })
    expect(parseFilterExpr('like(any).{a*,b*}')).toMatchObject({ op: 'like', quantifier: 'any' })
    expect(parseFilterExpr('fts(english).cat')).toMatchObject({ op: 'fts', language: 'english' })
    for (const bad of ['eq', 'is.maybe', 'in.a,b', 'constructor.x', 'fts(a b).x', 'eq(some).x']) {
      expect(() => parseFilterExpr(bad), bad).toThrow()
    }
  })

  it('parses nested logic trees with quoted values and related columns', () => {
    const tree = parseLogicTree(
      'or',
      false,
      '(a.eq.1,and(b.gt.2,c.not.is.null),d.eq."x,y",owner.username.eq.z)',
      'or',
    )
    expect(tree.children).toHaveLength(4)
    expect(tree.children[1]).toMatchObject({
      kind: 'logic',
      op: 'and',
      children: [{ field: { name: 'b' } }, { expr: { negate: true, op: 'is' } }],
    })
    expect(tree.children[2]).toMatchObject({ expr: { value: { value: 'x,y' } } })
    expect(tree.children[3]).toMatchObject({ embedPath: ['owner'], field: { name: 'username' } })
    for (const bad of ['(a.eq.1', 'a.eq.1', '()', '(a.eq.1,b)']) {
      let code: string | null = null
      try {
        parseLogicTree('or', false, bad, 'or')
      } catch (error) {
        code = error instanceof RestError ? error.body.code : 'thrown'
      }
      expect(code, bad).toBe('PGRST100')
    }
  })

  it('sorts a query string by embed path; repeated keys are kept', () => {
    const query = parseQueryParams(
      new URLSearchParams(
        'select=id,polaroids(id)&x=gt.1&x=lt.5&polaroids.order=created_at.desc&polaroids.limit=2&not.or=(a.eq.1)&polaroids.not.and=(b.eq.2)&columns="a","b"&on_conflict=id',
      ),
    )
    expect(query.byPath.get('')!.conditions).toHaveLength(3)
    expect(query.byPath.get('')!.conditions[2]).toMatchObject({ kind: 'logic', op: 'or', negate: true })
    expect(query.byPath.get('polaroids')).toMatchObject({
      limit: 2,
      order: [{ field: { name: 'created_at' }, direction: 'desc' }],
    })
    expect(query.byPath.get('polaroids')!.conditions[0]).toMatchObject({
      kind: 'logic',
      op: 'and',
      negate: true,
    })
    expect(query.columns).toEqual(['a', 'b'])
    expect(query.onConflict).toEqual(['id'])
  })
})
