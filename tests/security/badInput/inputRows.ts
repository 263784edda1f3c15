// One row per form or endpoint of the bad-input sweep: the REST writes behind every form (wall,
// polaroid, sticker, profile, wardrobe item, tag), the auth forms (sign up, magic link, recovery), the
// storage upload, the sync push RPC and the product API. To add an endpoint, add a row.
import { randomBytes } from 'node:crypto'
import type { Actor, World } from '../support/world'
import { jpeg, newId } from '../support/world'
import { send } from '../support/http'
import { callAs, rowNow } from '../support/rest'
import { badUrls, markup, textAttacks, type InputRow } from './inputTable'

type Row = Record<string, unknown>

/** A new row with one field set to the value, inserted as the actor. */
function insertField(
  table: string,
  field: string,
  base: (w: World, id: string) => Row,
  rules: Pick<InputRow, 'refuse' | 'keep'>,
  actor: Actor = 'owner',
): InputRow {
  return {
    surface: `POST /rest/v1/${table} ${field}`,
    ...rules,
    async send(w, value) {
      const id = newId('input')
      const answer = await callAs(w, actor, {
        method: 'POST',
        path: `/rest/v1/${table}`,
        body: { ...base(w, id), id, [field]: value },
      })
      return { answer, stored: async () => (await rowNow(w, table, id))?.[field] }
    },
  }
}

/** An existing row's field changed to the value; "stored" means the field now holds it. */
function updateField(
  table: string,
  field: string,
  target: (w: World) => string,
  rules: Pick<InputRow, 'refuse' | 'keep'>,
  actor: Actor,
): InputRow {
  return {
    surface: `PATCH /rest/v1/${table} ${field}`,
    ...rules,
    async send(w, value) {
      const id = target(w)
      const before = (await rowNow(w, table, id))?.[field]
      const answer = await callAs(w, actor, {
        method: 'PATCH',
        path: `/rest/v1/${table}?id=eq.${id}`,
        body: { [field]: value },
      })
      return {
        answer,
        stored: async () => {
          const now = (await rowNow(w, table, id))?.[field]
          return JSON.stringify(now) === JSON.stringify(before) ? undefined : now
        },
      }
    },
  }
}

const wall = (w: World, id: string): Row => ({ id, name: 'Input wall', owner_id: w.owner.id })
const polaroid = (w: World, id: string): Row => ({
  id,
  wall_id: w.publicWall,
  external_url: 'https://example.com/p.jpg',
  created_by: w.owner.id,
})
const sticker = (w: World, id: string): Row => ({
  id,
  wall_id: w.publicWall,
  image_path: `wardrobe-stickers/${w.files.publicSticker}`,
  created_by: w.owner.id,
})
const item = (w: World, id: string): Row => ({
  id,
  user_id: w.owner.id,
  image_path: `wardrobe-images/${w.files.publicItem}`,
})
const tag = (w: World, id: string): Row => ({
  id,
  wardrobe_item_id: w.publicItem,
  tag_type: 'color',
  tag_value: 'green',
})

const pathAttacks = (bucket: string) => (w: World) => ({
  'a .. segment': `${bucket}/${w.owner.id}/../${w.stranger.id}/x.jpg`,
  'a . segment': `${bucket}/${w.owner.id}/./x.jpg`,
  'an empty segment': `${bucket}/${w.owner.id}//x.jpg`,
  'a backslash': `${bucket}/${w.owner.id}/..\\x.jpg`,
  'a trailing slash': `${bucket}/${w.owner.id}/`,
})

/** Rows whose values depend on the world (paths with user ids) are made per run. */
export function inputRows(w: World): InputRow[] {
  return [
    insertField('walls', 'name', wall, {
      refuse: { ...textAttacks(80), empty: '', 'only spaces': '   ', untrimmed: ' padded ', missing: null },
      keep: { ...markup },
    }),
    insertField('walls', 'description', wall, { refuse: textAttacks(250), keep: { ...markup } }),
    insertField('walls', 'private', wall, { refuse: { 'a word': 'maybe', 'a list': [true] } }),
    insertField('walls', 'id', wall, {
      refuse: { 'too short': 'abc', 'a path': '../x/abcdefgh', markup: '<script>x</script>' },
    }),

    insertField('polaroids', 'name', polaroid, { refuse: textAttacks(100), keep: { ...markup } }),
    insertField('polaroids', 'message', polaroid, { refuse: textAttacks(500), keep: { ...markup } }),
    insertField('polaroids', 'external_url', polaroid, { refuse: badUrls }),
    insertField('polaroids', 'original_page_url', polaroid, { refuse: badUrls }),
    insertField('polaroids', 'image_path', polaroid, {
      refuse: {
        ...pathAttacks('polaroid-images')(w),
        'another bucket': `wardrobe-images/${w.owner.id}/x.jpg`,
        'a URL': 'https://evil.example/x.jpg',
      },
    }),
    insertField('polaroids', 'x', polaroid, {
      refuse: { 'far away': 1e12, 'a word': 'left', 'not a number': 'NaN' },
    }),
    insertField('polaroids', 'z_index', polaroid, { refuse: { huge: 2 ** 40, negative: -1, fraction: 1.5 } }),

    insertField('wall_stickers', 'name', sticker, { refuse: textAttacks(100), keep: { ...markup } }),
    insertField('wall_stickers', 'original_item_description', sticker, {
      refuse: textAttacks(1000),
      keep: { ...markup },
    }),
    insertField('wall_stickers', 'image_path', sticker, {
      refuse: { ...pathAttacks('wardrobe-stickers')(w), 'an unknown bucket': `secrets/${w.owner.id}/x.png` },
    }),

    insertField('wardrobe_items', 'name', item, { refuse: textAttacks(100), keep: { ...markup } }),
    insertField('wardrobe_items', 'description', item, { refuse: textAttacks(1000), keep: { ...markup } }),
    insertField('wardrobe_items', 'upload_source', item, {
      refuse: { markup: '<b>x</b>', capitals: 'Upload', empty: '' },
    }),
    insertField('wardrobe_items', 'image_path', item, {
      refuse: {
        ...pathAttacks('wardrobe-images')(w),
        'someone else’s folder': `wardrobe-images/${w.stranger.id}/x.jpg`,
      },
    }),

    insertField('clothing_tags', 'tag_type', tag, {
      refuse: { unknown: 'shoe-size', markup: '<b>color</b>', empty: '' },
    }),
    insertField('clothing_tags', 'tag_value', tag, {
      refuse: { ...textAttacks(100), empty: '', 'only spaces': '  ' },
      keep: { ...markup },
    }),
    insertField('clothing_tags', 'confidence_score', tag, {
      refuse: { 'above one': 1.5, negative: -0.1, 'a word': 'high' },
    }),

    updateField(
      'profiles',
      'username',
      (x) => x.stranger.id,
      {
        refuse: {
          empty: '',
          'one character': 'a',
          'over the limit': 'x'.repeat(31),
          'a space': 'ad min',
          'a right-to-left override': 'admin\u202e',
          'a zero-width space': 'ad\u200bmin',
          markup: '<script>',
          'a javascript: string': 'javascript:alert(1)',
          'a route name': 'share',
          'a path': '../etc',
          'a number': 42,
        },
      },
      'stranger',
    ),
    updateField(
      'profiles',
      'display_name',
      (x) => x.stranger.id,
      { refuse: textAttacks(50), keep: { ...markup } },
      'stranger',
    ),
    updateField(
      'profiles',
      'bio',
      (x) => x.stranger.id,
      { refuse: textAttacks(200), keep: { ...markup } },
      'stranger',
    ),
    updateField(
      'profiles',
      'avatar_path',
      (x) => x.stranger.id,
      {
        refuse: {
          ...pathAttacks('polaroid-images')(w),
          'someone else’s image': `polaroid-images/${w.files.publicPolaroid}`,
          'a javascript: URL': 'javascript:alert(1)',
        },
      },
      'stranger',
    ),

    signupRow('email', (value) => ({ email: value, password: 'hunter22' }), {
      markup: '<script>@example.com',
      'no domain': 'someone@',
      'no top-level domain': 'someone@example',
      'over the limit': `${'x'.repeat(250)}@example.com`,
      'a number': 42,
      empty: '',
      'a javascript: string': 'javascript:alert(1)@example.com',
    }),
    signupRow(
      'password',
      (value) => ({ email: `pw-${randomBytes(4).toString('hex')}@example.test`, password: value }),
      {
        'too short': '12345',
        'over the limit': 'x'.repeat(257),
        'a number': 123456789,
        empty: '',
      },
    ),
    authEmailRow('/auth/v1/otp'),
    authEmailRow('/auth/v1/recover'),
    uploadRow(),
    syncPushRow(),
    apiWallsRow(),
  ]
}

async function usersWith(w: World, field: 'email', value: unknown): Promise<unknown> {
  if (typeof value !== 'string' || value === '') return undefined
  const { rows } = await w.stack.db.query(`select ${field} from auth.users where lower(email) = lower($1)`, [
    value,
  ])
  return rows.length ? value : undefined
}

function signupRow(field: string, body: (value: unknown) => Row, refuse: Record<string, unknown>): InputRow {
  return {
    surface: `POST /auth/v1/signup ${field}`,
    refuse,
    async send(w, value) {
      const sent = body(value)
      const answer = await send(w.stack.port, {
        method: 'POST',
        path: '/auth/v1/signup',
        headers: { apikey: w.stack.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(sent),
      })
      return { answer, stored: () => usersWith(w, 'email', sent.email) }
    },
  }
}

function authEmailRow(path: string): InputRow {
  return {
    surface: `POST ${path} email`,
    refuse: {
      markup: '<img src=x>@example.com',
      'a number': 42,
      empty: '',
      'an object': { email: 'a@b.co' },
    },
    async send(w, value) {
      const answer = await send(w.stack.port, {
        method: 'POST',
        path,
        headers: { apikey: w.stack.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: value }),
      })
      return { answer, stored: () => usersWith(w, 'email', value) }
    },
  }
}

/** Uploads: the value is [object name, content type, bytes]. */
function uploadRow(): InputRow {
  const html = Buffer.from('<html><script>alert(1)</script></html>')
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
  return {
    surface: 'POST /storage/v1/object/polaroid-images',
    refuse: {
      'an HTML page': ['page.html', 'text/html', html],
      'HTML said to be a JPEG': ['page.jpg', 'image/jpeg', html],
      'an SVG with a script': ['image.svg', 'image/svg+xml', svg],
      'an encoded ../ in one segment': ['..%2f..%2fescape.jpg', 'image/jpeg', 'jpeg'],
      'an encoded .. segment': ['%2e%2e/%2e%2e/escape.jpg', 'image/jpeg', 'jpeg'],
      'an encoded backslash': ['..%5Cescape.jpg', 'image/jpeg', 'jpeg'],
      'over 5 MB': ['big.jpg', 'image/jpeg', 'big'],
      'an empty file': ['empty.jpg', 'image/jpeg', Buffer.alloc(0)],
    },
    async send(w, value) {
      const [name, type, raw] = value as [string, string, Buffer | 'jpeg' | 'big']
      const bytes =
        raw === 'jpeg'
          ? await jpeg()
          : raw === 'big'
            ? Buffer.concat([await jpeg(), Buffer.alloc(5 * 1024 * 1024)])
            : raw
      const path = `${w.owner.id}/inputs/${name}`
      const answer = await send(w.stack.port, {
        method: 'POST',
        path: `/storage/v1/object/polaroid-images/${path}`,
        headers: {
          apikey: w.stack.anonKey,
          Authorization: `Bearer ${w.tokenOf('owner')}`,
          'Content-Type': type,
        },
        body: bytes,
      })
      return {
        answer,
        stored: async () => {
          const { rows } = await w.stack.db.query(
            "select name from storage.objects where bucket_id = 'polaroid-images' and (name like $1 or name like '%escape%')",
            [`${w.owner.id}/inputs/%`],
          )
          return rows.length ? rows : undefined
        },
      }
    },
  }
}

function syncPushRow(): InputRow {
  return {
    surface: 'POST /rest/v1/rpc/sync_push mutations',
    // (Over 500 mutations is refused too, but with PostgREST's 500 for SQLSTATE 54000: attacks/bodyCaps.)
    refuse: { 'an object': { op: 'insert' }, 'a string': 'mutations' },
    async send(w, value) {
      const answer = await callAs(w, 'owner', {
        method: 'POST',
        path: '/rest/v1/rpc/sync_push',
        body: { mutations: value },
      })
      return {
        answer,
        stored: async () => {
          const { rows } = await w.stack.db.query("select id from public.walls where name = 'Many'")
          return rows.length ? rows : undefined
        },
      }
    },
  }
}

function apiWallsRow(): InputRow {
  return {
    surface: 'POST /api/walls prompt',
    refuse: {
      empty: '',
      'only spaces': '   ',
      'over the limit': 'x'.repeat(201),
      'a number': 42,
      'a list': ['coat'],
      missing: null,
    },
    async send(w, value) {
      const before = await wallCount(w)
      const answer = await send(w.stack.port, {
        method: 'POST',
        path: '/api/walls',
        headers: { Authorization: `Bearer ${w.tokenOf('owner')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ prompt: value, owner_id: w.owner.id }),
      })
      return { answer, stored: async () => ((await wallCount(w)) === before ? undefined : 'a new wall') }
    },
  }
}

async function wallCount(w: World): Promise<number> {
  const { rows } = await w.stack.db.query<{ n: number }>(
    'select count(*)::int as n from public.walls where owner_id = $1',
    [w.owner.id],
  )
  return rows[0]!.n
}
