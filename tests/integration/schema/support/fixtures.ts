// The rows every schema test starts from, inserted once per test file as the superuser (the way the
// product API or a migration would), so cases can roll back to exactly this state. Ids are readable
// names: who created the row and where it sits (pol_c_on_w: the contributor's polaroid on the wall
// owner's wall).
import type { PGlite } from '@electric-sql/pglite'
import { ids, usernames } from './actors'
import type { TableName } from './matrixTypes'

const { stranger: S, contributor: C, wallOwner: W, itemOwner: I, newcomer: N } = ids

/** A storage key as the matrix names objects: bucket/owner-folder/file. */
export function objectKey(bucket: string, owner: string, file: string): string {
  return `${bucket}/${owner}/${file}`
}

export const wall = {
  publicW: 'wall_public_w',
  privateW: 'wall_private_w',
  deletedW: 'wall_deleted_w',
  privateS: 'wall_private_s',
  publicC: 'wall_public_c',
} as const

export const polaroid = {
  wOnW: 'pol_w_on_w',
  cOnW: 'pol_c_on_w',
  wOnPrivate: 'pol_w_on_private',
  cDeleted: 'pol_c_deleted',
  cOnC: 'pol_c_on_c',
  sOnPrivateS: 'pol_s_on_private_s',
} as const

export const sticker = {
  wOnW: 'stk_w_on_w',
  cOnW: 'stk_c_on_w',
  iOnW: 'stk_i_on_w',
  wOnPrivate: 'stk_w_on_private',
  cDeleted: 'stk_c_deleted',
  cOnC: 'stk_c_on_c',
  sOnPrivateS: 'stk_s_on_private_s',
} as const

export const item = {
  iPublic: 'item_i_public',
  iPrivate: 'item_i_private',
  iStuck: 'item_i_stuck',
  wPrivate: 'item_w_private',
  cPublic: 'item_c_public',
} as const

export const tag = {
  iPublic: 'tag_i_public',
  iPrivate: 'tag_i_private',
  cPublic: 'tag_c_public',
  wPrivate: 'tag_w_private',
} as const

export const job = { ofW: 'job_of_w', ofI: 'job_of_i' } as const

/** The wear diary (issue 41): every owner but the stranger has worn something. */
export const wear = {
  iPublic: 'wear_i_public',
  iPrivate: 'wear_i_private',
  wPrivate: 'wear_w_private',
  cPublic: 'wear_c_public',
} as const

export const plan = { ofI: 'plan_of_i', ofW: 'plan_of_w' } as const

/** A price's id is its item's id; the contributor's and the stranger's items have none. */
export const price = { iPublic: item.iPublic, wPrivate: item.wPrivate } as const

/** A past day for wears and plans (a wear cannot be in the future). */
export const diaryDay = '2026-01-05'

export const object = {
  polaroidW: objectKey('polaroid-images', W, 'pol.jpg'),
  publicItemI: objectKey('wardrobe-images', I, 'public.jpg'),
  privateItemI: objectKey('wardrobe-images', I, 'private.jpg'),
  /** A private item's cut-out stuck on the wall owner's public wall. */
  stuckI: objectKey('wardrobe-stickers', I, 'stuck.png'),
  stickerW: objectKey('wardrobe-stickers', W, 'own.png'),
  /** A private item's cut-out stuck only on the wall owner's private wall. */
  secretW: objectKey('wardrobe-stickers', W, 'secret.png'),
  publicItemC: objectKey('wardrobe-images', C, 'tee.jpg'),
  /** Shown only by a deleted sticker. */
  goneC: objectKey('wardrobe-stickers', C, 'gone.png'),
} as const

const stickerImage = {
  [sticker.wOnW]: object.stickerW,
  [sticker.cOnW]: objectKey('wardrobe-stickers', C, 'sticker.png'),
  [sticker.iOnW]: object.stuckI,
  [sticker.wOnPrivate]: object.secretW,
  [sticker.cDeleted]: object.goneC,
  [sticker.cOnC]: objectKey('wardrobe-stickers', C, 'sticker-2.png'),
  [sticker.sOnPrivateS]: objectKey('wardrobe-stickers', S, 'sticker.png'),
}

/** Every fixture row per table: a select case must see exactly its ids and none of the rest. */
export const fixtureIds: Record<TableName, readonly string[]> = {
  profiles: [S, C, W, I],
  walls: Object.values(wall),
  polaroids: Object.values(polaroid),
  wall_stickers: Object.values(sticker),
  wardrobe_items: Object.values(item),
  clothing_tags: Object.values(tag),
  processing_jobs: Object.values(job),
  wears: Object.values(wear),
  outfit_plans: Object.values(plan),
  item_prices: Object.values(price),
  'storage.objects': Object.values(object),
}

type Row = readonly unknown[]

const seed: ReadonlyArray<{ sql: string; rows: Row[] }> = [
  {
    sql: `insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())`,
    rows: [
      [S, 'stranger@example.test'],
      [C, 'contributor@example.test'],
      [W, 'wallowner@example.test'],
      [I, 'itemowner@example.test'],
      [N, 'newcomer@example.test'],
    ],
  },
  {
    sql: `insert into public.profiles (id, username, display_name) values ($1, $2, $3)`,
    rows: [
      [S, usernames.stranger, 'Stranger'],
      [C, usernames.contributor, 'Contributor'],
      [W, usernames.wallOwner, 'Wall owner'],
      [I, usernames.itemOwner, 'Item owner'],
    ],
  },
  {
    sql: `insert into public.walls (id, name, owner_id, private, deleted_at) values ($1, $2, $3, $4, $5)`,
    rows: [
      [wall.publicW, 'Public wall', W, false, null],
      [wall.privateW, 'Private wall', W, true, null],
      [wall.deletedW, 'Deleted wall', W, false, '2026-01-02T00:00:00Z'],
      [wall.privateS, 'Stranger private wall', S, true, null],
      [wall.publicC, 'Contributor wall', C, false, null],
    ],
  },
  {
    sql: `insert into public.polaroids (id, wall_id, created_by, name, message, image_path, deleted_at)
          values ($1, $2, $3, $4, 'hello', $5, $6)`,
    rows: [
      [polaroid.wOnW, wall.publicW, W, 'Owner card', object.polaroidW, null],
      [polaroid.cOnW, wall.publicW, C, 'Contributor card', objectKey('polaroid-images', C, 'a.jpg'), null],
      [polaroid.wOnPrivate, wall.privateW, W, 'Private card', object.polaroidW, null],
      [
        polaroid.cDeleted,
        wall.publicW,
        C,
        'Deleted card',
        objectKey('polaroid-images', C, 'b.jpg'),
        '2026-01-02T00:00:00Z',
      ],
      [polaroid.cOnC, wall.publicC, C, 'Own wall card', objectKey('polaroid-images', C, 'c.jpg'), null],
      [
        polaroid.sOnPrivateS,
        wall.privateS,
        S,
        'Stranger card',
        objectKey('polaroid-images', S, 'd.jpg'),
        null,
      ],
    ],
  },
  {
    sql: `insert into public.wall_stickers (id, wall_id, created_by, name, image_path, deleted_at)
          values ($1, $2, $3, $4, $5, $6)`,
    rows: [
      [sticker.wOnW, wall.publicW, W, 'Owner sticker', stickerImage[sticker.wOnW], null],
      [sticker.cOnW, wall.publicW, C, 'Contributor sticker', stickerImage[sticker.cOnW], null],
      [sticker.iOnW, wall.publicW, I, 'Item owner sticker', stickerImage[sticker.iOnW], null],
      [sticker.wOnPrivate, wall.privateW, W, 'Private sticker', stickerImage[sticker.wOnPrivate], null],
      [
        sticker.cDeleted,
        wall.publicW,
        C,
        'Deleted sticker',
        stickerImage[sticker.cDeleted],
        '2026-01-02T00:00:00Z',
      ],
      [sticker.cOnC, wall.publicC, C, 'Own wall sticker', stickerImage[sticker.cOnC], null],
      [sticker.sOnPrivateS, wall.privateS, S, 'Stranger sticker', stickerImage[sticker.sOnPrivateS], null],
    ],
  },
  {
    sql: `insert into public.wardrobe_items (id, user_id, image_path, name, is_public) values ($1, $2, $3, $4, $5)`,
    rows: [
      [item.iPublic, I, object.publicItemI, 'Public jacket', true],
      [item.iPrivate, I, object.privateItemI, 'Private scarf', false],
      [item.iStuck, I, object.stuckI, 'Stuck boots', false],
      [item.wPrivate, W, object.secretW, 'Secret hat', false],
      [item.cPublic, C, object.publicItemC, 'Public tee', true],
    ],
  },
  {
    sql: `insert into public.clothing_tags (id, wardrobe_item_id, tag_type, tag_value) values ($1, $2, $3, $4)`,
    rows: [
      [tag.iPublic, item.iPublic, 'category', 'outerwear'],
      [tag.iPrivate, item.iPrivate, 'color', 'red'],
      [tag.cPublic, item.cPublic, 'category', 'top'],
      [tag.wPrivate, item.wPrivate, 'category', 'accessory'],
    ],
  },
  {
    sql: `insert into public.processing_jobs (id, user_id, kind) values ($1, $2, 'ootd')`,
    rows: [
      [job.ofW, W],
      [job.ofI, I],
    ],
  },
  {
    sql: `insert into public.wears (id, user_id, item_id, worn_on) values ($1, $2, $3, '${diaryDay}')`,
    rows: [
      [wear.iPublic, I, item.iPublic],
      [wear.iPrivate, I, item.iPrivate],
      [wear.wPrivate, W, item.wPrivate],
      [wear.cPublic, C, item.cPublic],
    ],
  },
  {
    sql: `insert into public.outfit_plans (id, user_id, planned_for, wall_id, item_ids)
          values ($1, $2, '${diaryDay}', $3, string_to_array($4, ','))`,
    rows: [
      [plan.ofI, I, null, item.iPublic],
      [plan.ofW, W, wall.publicW, item.wPrivate],
    ],
  },
  {
    sql: `insert into public.item_prices (id, user_id, amount, currency) values ($1, $2, $3, 'EUR')`,
    rows: [
      [price.iPublic, I, 120],
      [price.wPrivate, W, 30],
    ],
  },
  {
    sql: `insert into storage.objects (bucket_id, name, owner, owner_id)
          values (split_part($1, '/', 1), substr($1, strpos($1, '/') + 1), $2::uuid, $2)`,
    rows: Object.values(object).map((key) => [key, key.split('/')[1]]),
  },
]

export async function seedFixtures(pg: PGlite): Promise<void> {
  await pg.transaction(async (tx) => {
    for (const { sql, rows } of seed) for (const row of rows) await tx.query(sql, [...row])
  })
}
