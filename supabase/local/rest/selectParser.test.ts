// The select grammar on its own: aliases, hints, join types, spreads, JSON paths, casts, quoting, and
// PGRST100 for what does not parse (so it never reaches the SQL builder).
import { describe, expect, it } from 'vitest'
import { RestError } from './errors'
import { outputKey, parseSelect } from './selectParser'

function code(run: () => unknown): string | null {
  try {
    run()
    return null
  } catch (error) {
    return error instanceof RestError ? error.body.code : 'thrown'
  }
}

describe('parseSelect', () => {
  it('parses columns, aliases, embeds with hints, inner joins and nesting', () => {
    expect(
      parseSelect(
        '*, owner:profiles!walls_owner_id_fkey(id, username), polaroids!inner(id, creator:profiles(*))',
      ),
    ).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        target: 'profiles',
        alias: 'owner',
        hint: 'walls_owner_id_fkey',
        join: null,
        spread: false,
        items: [
          { kind: 'column', name: 'id', alias: null, jsonPath: [], cast: null },
          { kind: 'column', name: 'username', alias: null, jsonPath: [], cast: null },
        ],
      },
      {
        kind: 'embed',
        target: 'polaroids',
        alias: null,
        hint: null,
        join: 'inner',
        spread: false,
        items: [
          { kind: 'column', name: 'id', alias: null, jsonPath: [], cast: null },
          {
            kind: 'embed',
            target: 'profiles',
            alias: 'creator',
            hint: null,
            join: null,
            spread: false,
            items: [{ kind: 'star' }],
          },
        ],
      },
    ])
  })

  it('parses hint plus join type, spreads, JSON paths, casts and quoted names', () => {
    const [embed, spread, json, cast, quoted] = parseSelect(
      'p:profiles!fk!left(id),...walls(name),data->a->>0,n:x::text,"odd, name"',
    )
    expect(embed).toMatchObject({ hint: 'fk', join: 'left' })
    expect(spread).toMatchObject({ kind: 'embed', spread: true, target: 'walls' })
    expect(json).toMatchObject({
      name: 'data',
      jsonPath: [
        { arrow: '->', key: 'a', index: false },
        { arrow: '->>', key: '0', index: true },
      ],
    })
    expect(outputKey(json as never)).toBe('data')
    expect(cast).toMatchObject({ name: 'x', alias: 'n', cast: 'text' })
    expect(quoted).toMatchObject({ name: 'odd, name' })
    expect(parseSelect(null)).toEqual([{ kind: 'star' }])
  })

  it('refuses what does not parse with PGRST100 and aggregates with PGRST123', () => {
    for (const bad of [
      'id,',
      'a(',
      'a)',
      'x::pg_catalog.text',
      'a!b!c!d(id)',
      '"unterminated',
      'a\u0000b',
      'x::constructor',
    ]) {
      expect(
        code(() => parseSelect(bad)),
        bad,
      ).toBe('PGRST100')
    }
    expect(code(() => parseSelect('count()'))).toBe('PGRST123')
    expect(code(() => parseSelect('id.sum()'))).toBe('PGRST123')
  })
})
