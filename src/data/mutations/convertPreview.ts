// After sign-up (spec §4 "Preview to saved wall"): the guest's preview becomes their first real wall.
// The wall is created with the stored name, description and privacy, then every preview polaroid is
// added in the order it was stacked (with its picture, which then uploads like any other, or its
// external URL). Only a preview the guest asked to save is converted, and only once: the request is
// claimed in the guest database before anything is created, so two tabs cannot both convert it.
import type { Replica } from '../replica'
import { PREVIEW_WALL_ID, clearPreview, type PreviewStore } from './preview'
import { addPolaroid } from './polaroids'
import { createWall } from './walls'

export const PREVIEW_SAVE_FAILED =
  "Sorry, we couldn't create your Moori after signing you in. Please try again."

/** Returns the new wall's id, or null when there was nothing to convert. Throws when it failed. */
export async function convertPreview(replica: Replica, store: PreviewStore): Promise<string | null> {
  const { db } = store
  const claimed = await db.transaction('rw', db.previewWall, db.previewPolaroids, async () => {
    const wall = await db.previewWall.get(PREVIEW_WALL_ID)
    if (!wall?.saveRequested) return null
    await db.previewWall.update(PREVIEW_WALL_ID, { saveRequested: false })
    return { wall, polaroids: await db.previewPolaroids.orderBy('createdAt').toArray() }
  })
  if (!claimed) return null
  const { wall, polaroids } = claimed
  const wallId = await createWall(replica, {
    name: wall.name,
    description: wall.description,
    private: wall.private,
  })
  const stacked = [...polaroids].sort((a, b) => a.zIndex - b.zIndex)
  for (const polaroid of stacked) {
    await addPolaroid(replica, {
      wallId,
      name: polaroid.name,
      message: polaroid.message,
      image: polaroid.image,
      externalUrl: polaroid.externalUrl,
    })
  }
  await clearPreview(store)
  return wallId
}
