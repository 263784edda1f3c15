// `npm run seed` (and `npm start` on an empty database): demo users with profiles and avatars, public
// walls with polaroids and stickers from several contributors, and wardrobes with tags. Everything goes
// through the stack's public protocols with supabase-js, as each demo user, so the seed also exercises
// the same rules the app lives by.
import { randomBytes } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { BUCKETS } from '../../../src/lib/wardrobe/storage'
import { DEMO_PASSWORD, demoUsers, demoWalls, demoWardrobes } from './demoContent'
import { garmentPhoto, garmentSticker, initialsAvatar } from './images'

export interface SeedTarget {
  url: string
  anonKey: string
  serviceRoleKey: string
}

export interface SeedSummary {
  users: number
  walls: number
  polaroids: number
  stickers: number
  items: number
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'
function newId(): string {
  return [...randomBytes(21)].map((b) => alphabet[b % 64]).join('')
}

function client(url: string, key: string) {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

type Outcome = { data: unknown; error: { message: string } | null }
function check<R extends Outcome>(result: R, what: string): Extract<R, { error: null }>['data'] {
  if (result.error) throw new Error(`Seed failed to ${what}: ${result.error.message}`)
  return result.data
}

const daysAgo = (days: number, minutes = 0) => new Date(Date.now() - days * 86_400_000 + minutes * 60_000)

export async function seed(target: SeedTarget): Promise<SeedSummary> {
  const admin = client(target.url, target.serviceRoleKey)
  const people = new Map<string, { id: string; sb: ReturnType<typeof client> }>()

  for (const user of demoUsers) {
    const created = check(
      await admin.auth.admin.createUser({
        email: user.email,
        password: DEMO_PASSWORD,
        email_confirm: true,
        user_metadata: { display_name: user.displayName },
      }),
      `create ${user.email}`,
    )
    const id = created.user.id
    const sb = client(target.url, target.anonKey)
    check(await sb.auth.signInWithPassword({ email: user.email, password: DEMO_PASSWORD }), `sign in ${user.email}`)
    const avatarPath = `${id}/avatars/avatar-${Date.now()}.jpg`
    check(
      await sb.storage
        .from(BUCKETS.polaroids)
        .upload(avatarPath, await initialsAvatar(user.displayName, user.color), { contentType: 'image/jpeg' }),
      'upload an avatar',
    )
    check(
      await sb.from('profiles').insert({
        id,
        username: user.username,
        display_name: user.displayName,
        bio: user.bio,
        avatar_path: `${BUCKETS.polaroids}/${avatarPath}`,
        created_at: daysAgo(30).toISOString(),
      }),
      `create the profile of ${user.username}`,
    )
    people.set(user.key, { id, sb })
  }
  const person = (key: string) => {
    const p = people.get(key)
    if (!p) throw new Error(`Unknown demo user ${key}`)
    return p
  }

  let items = 0
  const stickerSources = new Map<string, Array<{ path: string; name: string; description: string; id: string }>>()
  for (const [key, wardrobe] of Object.entries(demoWardrobes)) {
    const { id: userId, sb } = person(key)
    const sources: Array<{ path: string; name: string; description: string; id: string }> = []
    for (const [index, item] of wardrobe.entries()) {
      const itemId = newId()
      const photoPath = `${userId}/wardrobe/${itemId}.jpg`
      check(
        await sb.storage.from(BUCKETS.wardrobe).upload(photoPath, await garmentPhoto(item.look), { contentType: 'image/jpeg' }),
        'upload a wardrobe photo',
      )
      check(
        await sb.from('wardrobe_items').insert({
          id: itemId,
          user_id: userId,
          image_path: `${BUCKETS.wardrobe}/${photoPath}`,
          name: item.name,
          description: item.description,
          is_public: item.isPublic,
          upload_source: 'upload',
          created_at: daysAgo(20 - index).toISOString(),
        }),
        'add a wardrobe item',
      )
      check(
        await sb.from('clothing_tags').insert(
          item.tags.map((t) => ({
            id: newId(),
            wardrobe_item_id: itemId,
            tag_type: t.type,
            tag_value: t.value,
            confidence_score: 1,
            is_ai_generated: false,
            is_verified: true,
          })),
        ),
        'tag a wardrobe item',
      )
      const stickerPath = `${userId}/stickers/${itemId}.png`
      check(
        await sb.storage.from(BUCKETS.stickers).upload(stickerPath, await garmentSticker(item.look), { contentType: 'image/png' }),
        'upload a sticker',
      )
      sources.push({ path: `${BUCKETS.stickers}/${stickerPath}`, name: item.name, description: item.description, id: itemId })
      items += 1
    }
    stickerSources.set(key, sources)
  }

  let polaroids = 0
  let stickers = 0
  for (const wall of demoWalls) {
    const owner = person(wall.owner)
    const wallId = newId()
    check(
      await owner.sb.from('walls').insert({
        id: wallId,
        name: wall.name,
        description: wall.description,
        owner_id: owner.id,
        private: wall.private,
        created_at: daysAgo(wall.daysAgo).toISOString(),
      }),
      `create the wall ${wall.name}`,
    )
    let z = 0
    for (const [index, p] of wall.polaroids.entries()) {
      const by = person(p.by)
      const id = newId()
      const path = `${by.id}/polaroids/${id}.jpg`
      check(
        await by.sb.storage.from(BUCKETS.polaroids).upload(path, await garmentPhoto(p.look), { contentType: 'image/jpeg' }),
        'upload a polaroid image',
      )
      const created = daysAgo(wall.daysAgo, (index + 1) * 37)
      z += 1
      check(
        await by.sb.from('polaroids').insert({
          id,
          wall_id: wallId,
          name: p.name,
          message: p.message,
          image_path: `${BUCKETS.polaroids}/${path}`,
          timestamp: created.getTime(),
          created_by: by.id,
          // Laid out like the automatic layout: 250×300 slots with 50 px gaps, four columns.
          x: 40 + (index % 4) * 300 + ((index * 17) % 23),
          y: 40 + Math.floor(index / 4) * 350 + ((index * 29) % 19),
          z_index: z,
          created_at: created.toISOString(),
        }),
        'add a polaroid',
      )
      polaroids += 1
    }
    for (const [index, s] of wall.stickers.entries()) {
      const by = person(s.by)
      const source = stickerSources.get(s.by)?.[s.item]
      if (!source) continue
      z += 1
      check(
        await by.sb.from('wall_stickers').insert({
          id: newId(),
          wall_id: wallId,
          name: source.name,
          image_path: source.path,
          timestamp: daysAgo(wall.daysAgo, 400 + index).getTime(),
          created_by: by.id,
          x: 230 + index * 320,
          y: 250 + (index % 2) * 60,
          z_index: z,
          original_item_id: source.id,
          original_item_name: source.name,
          original_item_description: source.description,
        }),
        'stick a sticker',
      )
      stickers += 1
    }
  }

  for (const { sb } of people.values()) await sb.auth.signOut()
  return { users: people.size, walls: demoWalls.length, polaroids, stickers, items }
}
