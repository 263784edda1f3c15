// The guest preview wall (/create-preview, spec §2, §3, §4): a wall kept in the guest database so it
// survives reloads. Its polaroids carry the picture itself (downscaled) or an external URL, start at a
// random spot within 0..200 and stack one above the last. The wall's name, description and privacy come
// from the create-wall form, with the spec's defaults.
import { newId } from '@/lib/ids'
import { isHttpUrl, limits } from '@/lib/validation'
import { messages } from '@/lib/messages'
import type { MooriDB } from '../db'
import { PREVIEW_WALL_ID, type PreviewPolaroidRow, type PreviewWallRow } from '../model/preview'
import { MutationError } from '../replica'

/** Where the preview is kept; the app uses the guest database, tests an in-memory one. */
export interface PreviewStore {
  readonly db: MooriDB
}

export const PREVIEW_DEFAULTS = {
  name: 'My Moori',
  description: 'A new collaborative wall',
  private: false,
} as const
/** The preview's stand-in for a user (spec §3): username and creator of every preview polaroid. */
export const PREVIEW_USER = 'preview-user'
/** The one preview wall's id (defined with its row, so reading the preview needs none of these mutations). */
export { PREVIEW_WALL_ID }
/** New preview polaroids land at a random x and y within 0..200 (spec §9). */
const PREVIEW_SPREAD = 200

export interface PreviewSettings {
  name?: string | null
  description?: string | null
  private?: boolean | null
}

/** Stores what the create-wall form carried over; missing values keep what is stored, then the defaults. */
export async function setPreviewWall(
  store: PreviewStore,
  settings: PreviewSettings,
): Promise<PreviewWallRow> {
  const { db } = store
  return db.transaction('rw', db.previewWall, async () => {
    const current = await db.previewWall.get(PREVIEW_WALL_ID)
    const wall: PreviewWallRow = {
      id: PREVIEW_WALL_ID,
      name: settings.name?.trim() || current?.name || PREVIEW_DEFAULTS.name,
      description: settings.description?.trim() || current?.description || PREVIEW_DEFAULTS.description,
      private: settings.private ?? current?.private ?? PREVIEW_DEFAULTS.private,
      updatedAt: Date.now(),
      ...(current?.saveRequested ? { saveRequested: true } : {}),
    }
    await db.previewWall.put(wall)
    return wall
  })
}

export interface NewPreviewPolaroid {
  name: string
  message: string
  image?: Blob | null
  externalUrl?: string | null
}

/** The preview form's rules (spec §5), first failure first. */
function previewPolaroidError(input: NewPreviewPolaroid): string | null {
  if (!input.name.trim()) return messages.nameRequired
  if (input.name.trim().length > limits.polaroidName) return messages.nameTooLong
  if (!input.message.trim()) return messages.messageRequired
  if (input.message.trim().length > limits.polaroidMessage) return messages.messageTooLong
  const url = input.externalUrl?.trim() ?? ''
  if (!input.image && !url) return messages.imageRequired
  if (!input.image && !isHttpUrl(url)) return messages.invalidImageUrl
  return null
}

export async function addPreviewPolaroid(
  store: PreviewStore,
  input: NewPreviewPolaroid,
  random: () => number = Math.random,
): Promise<string> {
  const error = previewPolaroidError(input)
  if (error) throw new MutationError(error)
  const { db } = store
  const id = `preview_${newId()}`
  await db.transaction('rw', db.previewPolaroids, db.previewWall, async () => {
    if (!(await db.previewWall.get(PREVIEW_WALL_ID))) {
      await db.previewWall.put({ id: PREVIEW_WALL_ID, ...PREVIEW_DEFAULTS, updatedAt: Date.now() })
    }
    const count = await db.previewPolaroids.count()
    const now = Date.now()
    const row: PreviewPolaroidRow = {
      id,
      name: input.name.trim(),
      message: input.message.trim(),
      image: input.image ?? null,
      externalUrl: input.image ? null : (input.externalUrl?.trim() ?? null),
      x: Math.round(random() * PREVIEW_SPREAD),
      y: Math.round(random() * PREVIEW_SPREAD),
      zIndex: count + 1,
      timestamp: now,
      createdAt: now,
    }
    await db.previewPolaroids.add(row)
  })
  return id
}

export async function movePreviewPolaroid(
  store: PreviewStore,
  id: string,
  position: { x: number; y: number; zIndex: number },
): Promise<void> {
  const updated = await store.db.previewPolaroids.update(id, position)
  if (!updated) throw new MutationError(messages.itemGone)
}

/** 'Sign Up to Save & Continue': the preview is to become a real wall once the guest has an account. */
export async function requestPreviewSave(store: PreviewStore): Promise<void> {
  await setPreviewWall(store, {})
  await store.db.previewWall.update(PREVIEW_WALL_ID, { saveRequested: true })
}

export async function clearPreview(store: PreviewStore): Promise<void> {
  const { db } = store
  await db.transaction('rw', db.previewWall, db.previewPolaroids, async () => {
    await db.previewWall.clear()
    await db.previewPolaroids.clear()
  })
}
