// The value rules of spec §5 and §9 as the database enforces them, each next to the boundary value that
// is still accepted, so the limits are proven exact: written by a user who may write the row, so only
// the value can be what is refused.
import { ids } from '../support/actors'
import type { Actor } from '../support/actors'
import { item, polaroid, sticker, wall } from '../support/fixtures'
import type { RowRef, Statement } from '../support/matrixTypes'

export interface ConstraintCase extends Statement {
  case: string
  actor: Actor | 'newcomer'
  row: RowRef
  /** Omitted: the value is accepted and written. */
  rejects?: { code: string; message: string }
}

const check = (table: string, constraint: string) => ({
  code: '23514',
  message: `new row for relation "${table}" violates check constraint "${constraint}"`,
})

const newWall = 'insert into public.walls (id, name, description, owner_id) values ($1, $2, $3, $4)'
const wallRow: RowRef = { table: 'walls', id: 'wall_new_1' }
const wallName = check('walls', 'walls_name_trimmed_length')
const wallDescription = check('walls', 'walls_description_length')
const W = ids.wallOwner

const setProfile = (column: 'display_name' | 'bio') =>
  `update public.profiles set ${column} = $2 where id = $1`
const strangerProfile: RowRef = { table: 'profiles', id: ids.stranger }
const newProfile = 'insert into public.profiles (id, username) values ($1, $2)'
const newcomerProfile: RowRef = { table: 'profiles', id: ids.newcomer }

const newTag = `insert into public.clothing_tags (id, wardrobe_item_id, tag_type, tag_value, confidence_score)
                values ('tag_new_1', $1, $2, $3, $4)`
const tagRow: RowRef = { table: 'clothing_tags', id: 'tag_new_1' }

const newPolaroid = `insert into public.polaroids (id, wall_id, created_by, external_url, x, y, z_index)
                     values ('pol_new_1', $1, $2, 'https://example.test/a.jpg', $3, $4, $5)`
const polaroidRow: RowRef = { table: 'polaroids', id: 'pol_new_1' }
const position = check('polaroids', 'polaroids_position_sane')
const movePolaroid = 'select public.move_polaroid($1, $2, $3, $4)'
const movedPolaroid: RowRef = { table: 'polaroids', id: polaroid.cOnW }
const moveSticker = 'select public.move_wall_sticker($1, $2, $3, $4)'
const movedSticker: RowRef = { table: 'wall_stickers', id: sticker.cOnW }
const C = ids.contributor

// prettier-ignore
export const constraintCases: readonly ConstraintCase[] = [
  // walls: name 1..80 and trimmed, description ≤ 250
  { case: 'wall name of 80 characters', actor: 'wallOwner', sql: newWall, params: ['wall_new_1', 'n'.repeat(80), null, W], row: wallRow },
  { case: 'wall name of 81 characters', actor: 'wallOwner', sql: newWall, params: ['wall_new_1', 'n'.repeat(81), null, W], row: wallRow, rejects: wallName },
  { case: 'untrimmed wall name', actor: 'wallOwner', sql: newWall, params: ['wall_new_1', ' Summer ', null, W], row: wallRow, rejects: wallName },
  { case: 'empty wall name', actor: 'wallOwner', sql: newWall, params: ['wall_new_1', '', null, W], row: wallRow, rejects: wallName },
  { case: 'blank wall name', actor: 'wallOwner', sql: newWall, params: ['wall_new_1', '   ', null, W], row: wallRow, rejects: wallName },
  { case: 'renaming a wall to 81 characters', actor: 'wallOwner', sql: 'update public.walls set name = $2 where id = $1', params: [wall.publicW, 'n'.repeat(81)], row: { table: 'walls', id: wall.publicW }, rejects: wallName },
  { case: 'wall description of 250 characters', actor: 'wallOwner', sql: newWall, params: ['wall_new_1', 'Summer', 'd'.repeat(250), W], row: wallRow },
  { case: 'wall description of 251 characters', actor: 'wallOwner', sql: newWall, params: ['wall_new_1', 'Summer', 'd'.repeat(251), W], row: wallRow, rejects: wallDescription },

  // profiles: display name ≤ 50, bio ≤ 200, usernames unique whatever their case and clear of the app's routes
  { case: 'display name of 50 characters', actor: 'stranger', sql: setProfile('display_name'), params: [ids.stranger, 'n'.repeat(50)], row: strangerProfile },
  { case: 'display name of 51 characters', actor: 'stranger', sql: setProfile('display_name'), params: [ids.stranger, 'n'.repeat(51)], row: strangerProfile, rejects: check('profiles', 'profiles_display_name_length') },
  { case: 'bio of 200 characters', actor: 'stranger', sql: setProfile('bio'), params: [ids.stranger, 'b'.repeat(200)], row: strangerProfile },
  { case: 'bio of 201 characters', actor: 'stranger', sql: setProfile('bio'), params: [ids.stranger, 'b'.repeat(201)], row: strangerProfile, rejects: check('profiles', 'profiles_bio_length') },
  { case: 'a new username', actor: 'newcomer', sql: newProfile, params: [ids.newcomer, 'newbie'], row: newcomerProfile },
  { case: 'a username that is an app route', actor: 'newcomer', sql: newProfile, params: [ids.newcomer, 'Create-Wall'], row: newcomerProfile, rejects: check('profiles', 'profiles_username_not_reserved') },
  { case: 'the share route as a username', actor: 'newcomer', sql: newProfile, params: [ids.newcomer, 'share'], row: newcomerProfile, rejects: check('profiles', 'profiles_username_not_reserved') },
  { case: "another user's username in other case", actor: 'newcomer', sql: newProfile, params: [ids.newcomer, 'OWNER_W'], row: newcomerProfile, rejects: { code: '23505', message: 'duplicate key value violates unique constraint "profiles_username_unique"' } },

  // clothing tags: a known type, a non-empty value, confidence within 0..1
  { case: 'tag with confidence 0', actor: 'itemOwner', sql: newTag, params: [item.iPrivate, 'color', 'blue', 0], row: tagRow },
  { case: 'tag with confidence 1', actor: 'itemOwner', sql: newTag, params: [item.iPrivate, 'color', 'blue', 1], row: tagRow },
  { case: 'tag of an unknown type', actor: 'itemOwner', sql: newTag, params: [item.iPrivate, 'flavour', 'sweet', 1], row: tagRow, rejects: check('clothing_tags', 'clothing_tags_tag_type_known') },
  { case: 'tag with confidence 1.5', actor: 'itemOwner', sql: newTag, params: [item.iPrivate, 'color', 'blue', 1.5], row: tagRow, rejects: check('clothing_tags', 'clothing_tags_confidence_range') },
  { case: 'tag with confidence -0.1', actor: 'itemOwner', sql: newTag, params: [item.iPrivate, 'color', 'blue', -0.1], row: tagRow, rejects: check('clothing_tags', 'clothing_tags_confidence_range') },
  { case: 'tag with confidence NaN', actor: 'itemOwner', sql: newTag, params: [item.iPrivate, 'color', 'blue', 'NaN'], row: tagRow, rejects: check('clothing_tags', 'clothing_tags_confidence_range') },
  { case: 'tag with an empty value', actor: 'itemOwner', sql: newTag, params: [item.iPrivate, 'color', '', 1], row: tagRow, rejects: check('clothing_tags', 'clothing_tags_tag_value_present') },
  { case: 'tag with a blank value', actor: 'itemOwner', sql: newTag, params: [item.iPrivate, 'color', '   ', 1], row: tagRow, rejects: check('clothing_tags', 'clothing_tags_tag_value_present') },

  // positions: finite and within ±1,000,000; z-order from 0
  { case: 'polaroid at a far but sane position', actor: 'contributor', sql: newPolaroid, params: [wall.publicW, C, -1000000, 1000000, 0], row: polaroidRow },
  { case: 'polaroid at x = NaN', actor: 'contributor', sql: newPolaroid, params: [wall.publicW, C, 'NaN', 0, 1], row: polaroidRow, rejects: position },
  { case: 'polaroid at y = Infinity', actor: 'contributor', sql: newPolaroid, params: [wall.publicW, C, 0, 'Infinity', 1], row: polaroidRow, rejects: position },
  { case: 'polaroid at a huge x', actor: 'contributor', sql: newPolaroid, params: [wall.publicW, C, 1e12, 0, 1], row: polaroidRow, rejects: position },
  { case: 'polaroid with a negative z_index', actor: 'contributor', sql: newPolaroid, params: [wall.publicW, C, 0, 0, -1], row: polaroidRow, rejects: check('polaroids', 'polaroids_z_index_sane') },
  { case: 'move_polaroid to x = NaN', actor: 'contributor', sql: movePolaroid, params: [polaroid.cOnW, 'NaN', 0, 1], row: movedPolaroid, rejects: position },
  { case: 'move_polaroid to a huge y', actor: 'contributor', sql: movePolaroid, params: [polaroid.cOnW, 0, -1e9, 1], row: movedPolaroid, rejects: position },
  { case: 'move_polaroid to a negative z_index', actor: 'contributor', sql: movePolaroid, params: [polaroid.cOnW, 0, 0, -5], row: movedPolaroid, rejects: check('polaroids', 'polaroids_z_index_sane') },
  { case: 'move_wall_sticker to y = -Infinity', actor: 'contributor', sql: moveSticker, params: [sticker.cOnW, 0, '-Infinity', 1], row: movedSticker, rejects: check('wall_stickers', 'wall_stickers_position_sane') },
  { case: 'move_wall_sticker to a negative z_index', actor: 'contributor', sql: moveSticker, params: [sticker.cOnW, 0, 0, -1], row: movedSticker, rejects: check('wall_stickers', 'wall_stickers_z_index_sane') },
]
