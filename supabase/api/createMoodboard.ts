// POST /api/walls: a new wall for the caller, named after their prompt and filled with up to 12
// polaroids whose images match it: public polaroids and the caller's own or public wardrobe items.
// Every image is copied into the caller's folder of polaroid-images (the wall must not break when the
// original is deleted, and polaroid images must live in that bucket). Service role throughout, so it
// works the same against hosted Supabase.
import { newId } from '../../src/lib/ids'
import { BUCKETS } from '../../src/lib/wardrobe/storage'
import type { AdminClient } from './supabaseAdmin'
import {
  gridPosition,
  pickMoodboard,
  promptWords,
  wallDescriptionFromPrompt,
  wallNameFromPrompt,
  type Candidate,
} from './moodboard'

const POLAROID_BUCKET = BUCKETS.polaroids
/** How many of the newest public polaroids and visible wardrobe items are considered. */
const CANDIDATE_LIMIT = 400

export class MoodboardError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 409 | 500,
  ) {
    super(message)
  }
}

interface PolaroidCandidateRow {
  id: string
  name: string
  message: string
  image_path: string | null
  external_url: string | null
  created_at: string
  walls: { name: string } | null
}

interface ItemCandidateRow {
  id: string
  name: string
  description: string | null
  image_path: string
  created_at: string
  clothing_tags: Array<{ tag_value: string; deleted_at: string | null }>
}

async function loadCandidates(admin: AdminClient, userId: string): Promise<Candidate[]> {
  const [polaroids, items] = await Promise.all([
    admin
      .from('polaroids')
      .select(
        'id, name, message, image_path, external_url, created_at, walls!inner(name, private, deleted_at)',
      )
      .is('deleted_at', null)
      .eq('walls.private', false)
      .is('walls.deleted_at', null)
      .order('created_at', { ascending: false })
      .limit(CANDIDATE_LIMIT),
    admin
      .from('wardrobe_items')
      .select('id, name, description, image_path, created_at, clothing_tags(tag_value, deleted_at)')
      .is('deleted_at', null)
      .or(`user_id.eq.${userId},is_public.is.true`)
      .order('created_at', { ascending: false })
      .limit(CANDIDATE_LIMIT),
  ])
  if (polaroids.error) throw new Error(`Could not read polaroids: ${polaroids.error.message}`)
  if (items.error) throw new Error(`Could not read wardrobe items: ${items.error.message}`)
  const fromPolaroids = (polaroids.data as unknown as PolaroidCandidateRow[]).map<Candidate>((p) => ({
    key: `polaroid:${p.id}`,
    kind: 'polaroid',
    name: p.name,
    message: p.message,
    strong: [p.name],
    weak: [p.message, p.walls?.name ?? ''],
    imagePath: p.image_path,
    externalUrl: p.external_url,
    createdAt: p.created_at,
  }))
  const fromItems = (items.data as unknown as ItemCandidateRow[]).map<Candidate>((i) => ({
    key: `item:${i.id}`,
    kind: 'item',
    name: i.name,
    message: i.description ?? '',
    strong: [i.name, ...i.clothing_tags.filter((t) => !t.deleted_at).map((t) => t.tag_value)],
    weak: [i.description ?? ''],
    imagePath: i.image_path,
    externalUrl: null,
    createdAt: i.created_at,
  }))
  return [...fromPolaroids, ...fromItems]
}

/** Copies a stored image into the caller's polaroid folder; null when it cannot be copied. */
async function copyImage(
  admin: AdminClient,
  imagePath: string,
  userId: string,
  polaroidId: string,
): Promise<string | null> {
  const slash = imagePath.indexOf('/')
  const bucket = imagePath.slice(0, slash)
  const path = imagePath.slice(slash + 1)
  const extension = /\.(png|webp|gif|avif|jpe?g)$/i.exec(path)?.[1]?.toLowerCase() ?? 'jpg'
  const target = `${userId}/polaroids/${polaroidId}.${extension}`
  const { error } = await admin.storage
    .from(bucket)
    .copy(path, target, { destinationBucket: POLAROID_BUCKET })
  if (error) {
    console.warn(`Moodboard: could not copy ${imagePath}: ${error.message}`)
    return null
  }
  return `${POLAROID_BUCKET}/${target}`
}

export async function createMoodboard(
  admin: AdminClient,
  userId: string,
  prompt: string,
): Promise<{ wallId: string; polaroidCount: number }> {
  const profile = await admin.from('profiles').select('id').eq('id', userId).maybeSingle()
  if (profile.error) throw new Error(`Could not read the profile: ${profile.error.message}`)
  if (!profile.data) throw new MoodboardError('Set up your profile before creating a Moori', 409)

  const picked = pickMoodboard(await loadCandidates(admin, userId), promptWords(prompt))
  const wallId = newId()
  const now = Date.now()
  const wall = await admin.from('walls').insert({
    id: wallId,
    name: wallNameFromPrompt(prompt),
    description: wallDescriptionFromPrompt(prompt),
    owner_id: userId,
    private: false,
  })
  if (wall.error) throw new Error(`Could not create the wall: ${wall.error.message}`)

  const rows: Array<Record<string, unknown>> = []
  for (const candidate of picked) {
    const id = newId()
    const imagePath = candidate.imagePath ? await copyImage(admin, candidate.imagePath, userId, id) : null
    if (!imagePath && !candidate.externalUrl) continue
    const index = rows.length
    rows.push({
      id,
      wall_id: wallId,
      name: candidate.name.slice(0, 100),
      message: candidate.message.slice(0, 500),
      image_path: imagePath,
      external_url: imagePath ? null : candidate.externalUrl,
      created_by: userId,
      timestamp: now + index,
      z_index: index + 1,
      ...gridPosition(index),
    })
  }
  if (rows.length > 0) {
    const inserted = await admin.from('polaroids').insert(rows)
    if (inserted.error) {
      await admin.from('walls').delete().eq('id', wallId)
      throw new Error(`Could not add the polaroids: ${inserted.error.message}`)
    }
  }
  return { wallId, polaroidCount: rows.length }
}
