// 'Import a Moori export': restores walls (with their cards and stickers, positions kept) and the
// wardrobe (with its tags) from an export zip into the signed-in account, as new rows with new ids,
// through the outbox like any change: images are queued for upload into the user's own folders ahead
// of the rows that show them, so it works offline and syncs later. The whole zip is checked first and
// written in one transaction: a bad zip imports nothing.
import { BUCKETS } from '@/lib/wardrobe/storage'
import { newId } from '@/lib/ids'
import type {
  ClothingTagRow,
  PolaroidRow,
  StickerRow,
  TagType,
  WallRow,
  WardrobeItemRow,
} from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { messages } from '@/lib/messages'
import { insertChange, type Change } from '../mutations/enqueue'
import { mutate } from '../mutations/mutate'
import { imageObjectPath, queueImage } from '../mutations/queueImage'
import { nextZIndex } from '../mutations/wallItems'
import { contentTypeOf, readExport, type ExportRow } from './exportFormat'
import { importWearDiary, type DiaryImportCounts } from './importWearDiary'

export interface ImportSummary extends DiaryImportCounts {
  walls: number
  polaroids: number
  stickers: number
  wardrobeItems: number
  tags: number
  /** Rows left out because their image was not in the zip. */
  skipped: number
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback

function bucketOf(imagePath: string): string {
  return imagePath.slice(0, imagePath.indexOf('/'))
}

export async function importExport(replica: Replica, bytes: Uint8Array): Promise<ImportSummary> {
  const userId = replica.userId
  if (!userId) throw new MutationError('Sign in to import a Moori export.')
  // Throws ExportFormatError before anything is written.
  const parsed = readExport(bytes)
  const { tables, images } = parsed
  const { db } = replica
  const summary: ImportSummary = {
    walls: 0,
    polaroids: 0,
    stickers: 0,
    wardrobeItems: 0,
    tags: 0,
    skipped: 0,
    wears: 0,
    plans: 0,
    prices: 0,
  }
  const blobOf = (imagePath: string): Blob | null => {
    const data = images.get(imagePath)
    return data ? new Blob([data as Uint8Array<ArrayBuffer>], { type: contentTypeOf(imagePath) }) : null
  }

  await mutate(
    replica,
    [db.walls, db.polaroids, db.stickers, db.wardrobeItems, db.tags, db.profiles, db.pendingUploads, db.wears, db.outfitPlans, db.itemPrices],
    async ({ queue }) => {
      const username = (await db.profiles.get(userId))?.username ?? null
      const now = new Date().toISOString()
      const changes: Change[] = []
      const wallIds = new Map<string, string>()
      const itemIds = new Map<string, string>()

      for (const source of tables.walls) {
        const wall: WallRow = {
          id: newId(),
          name: String(source.name).slice(0, 100),
          description: str(source.description),
          ownerId: userId,
          private: source.private === true,
          createdAt: now,
          updatedAt: now,
          txid: '',
        }
        wallIds.set(String(source.id), wall.id)
        await db.walls.add(wall)
        changes.push(insertChange('walls', wall, messages.createWallFailed))
        summary.walls += 1
      }

      for (const source of tables.wardrobe_items) {
        const imagePath = String(source.image_path)
        const blob = blobOf(imagePath)
        if (!blob) {
          summary.skipped += 1
          continue
        }
        const id = newId()
        const bucket = bucketOf(imagePath)
        const upload = await queueImage(
          db,
          { table: 'wardrobeItems', rowId: id },
          {
            bucket: bucket,
            path: imageObjectPath(userId, 'imported', id, blob.type),
            blob,
            contentType: blob.type,
          },
          messages.uploadImageFailed,
        )
        changes.push(upload.upload)
        const item: WardrobeItemRow = {
          id,
          userId,
          imagePath: upload.imagePath,
          name: String(source.name),
          description: str(source.description),
          isPublic: source.is_public === true,
          uploadSource: str(source.upload_source) ?? 'import',
          jobId: null,
          // Made by the wardrobe engine only: not restored.
          analysis: null,
          cutoutPath: null,
          cutoutSource: null,
          createdAt: now,
          updatedAt: now,
          txid: '',
        }
        itemIds.set(String(source.id), id)
        await db.wardrobeItems.add(item)
        changes.push(insertChange('wardrobeItems', item, messages.importItemFailed))
        summary.wardrobeItems += 1
      }

      for (const source of tables.clothing_tags) {
        const itemId = itemIds.get(String(source.wardrobe_item_id))
        if (!itemId) continue
        const tag: ClothingTagRow = {
          id: newId(),
          wardrobeItemId: itemId,
          tagType: String(source.tag_type) as TagType,
          tagValue: String(source.tag_value),
          confidenceScore: num(source.confidence_score, 1),
          isAiGenerated: source.is_ai_generated === true,
          isVerified: source.is_verified === true,
          createdAt: now,
          updatedAt: now,
          txid: '',
        }
        await db.tags.add(tag)
        changes.push(insertChange('tags', tag, messages.importTagFailed))
        summary.tags += 1
      }

      const itemBase = async (source: ExportRow, wallId: string) => ({
        wallId,
        name: str(source.name) ?? '',
        timestamp: num(source.timestamp, Date.now()),
        createdBy: userId,
        username,
        x: num(source.x, 100),
        y: num(source.y, 100),
        zIndex: Math.max(0, Math.round(num(source.z_index, await nextZIndex(db, wallId)))),
        createdAt: now,
        updatedAt: now,
        txid: '',
      })

      for (const source of tables.polaroids) {
        const wallId = wallIds.get(String(source.wall_id))
        if (!wallId) continue
        const id = newId()
        const oldPath = str(source.image_path)
        let imagePath: string | null = null
        if (oldPath) {
          const blob = blobOf(oldPath)
          if (!blob) {
            summary.skipped += 1
            continue
          }
          const upload = await queueImage(
            db,
            { table: 'polaroids', rowId: id },
            {
              bucket: BUCKETS.polaroids,
              path: imageObjectPath(userId, 'polaroids', id, blob.type),
              blob,
              contentType: blob.type,
            },
            messages.uploadImageFailed,
          )
          changes.push(upload.upload)
          imagePath = upload.imagePath
        } else if (!str(source.external_url)) {
          summary.skipped += 1
          continue
        }
        const row: PolaroidRow = {
          id,
          ...(await itemBase(source, wallId)),
          message: str(source.message) ?? '',
          imagePath,
          externalUrl: imagePath ? null : str(source.external_url),
          originalPageUrl: str(source.original_page_url),
        }
        await db.polaroids.add(row)
        changes.push(insertChange('polaroids', row, messages.uploadImageFailed))
        summary.polaroids += 1
      }

      for (const source of tables.wall_stickers) {
        const wallId = wallIds.get(String(source.wall_id))
        if (!wallId) continue
        const blob = blobOf(String(source.image_path))
        if (!blob) {
          summary.skipped += 1
          continue
        }
        const id = newId()
        // A sticker's picture lives in its creator's own folder of wardrobe-stickers.
        const upload = await queueImage(
          db,
          { table: 'stickers', rowId: id },
          {
            bucket: BUCKETS.stickers,
            path: imageObjectPath(userId, 'stickers', id, blob.type),
            blob,
            contentType: blob.type,
          },
          messages.uploadImageFailed,
        )
        changes.push(upload.upload)
        const originalItemId = str(source.original_item_id)
        const row: StickerRow = {
          id,
          ...(await itemBase(source, wallId)),
          imagePath: upload.imagePath,
          originalItemId: originalItemId ? (itemIds.get(originalItemId) ?? null) : null,
          originalItemName: str(source.original_item_name),
          originalItemDescription: str(source.original_item_description),
          needsCutout: false,
        }
        await db.stickers.add(row)
        changes.push(insertChange('stickers', row, messages.addStickerFailed))
        summary.stickers += 1
      }
      const diary = await importWearDiary({ db, userId, now, itemIds, wallIds, tables })
      changes.push(...diary.changes)
      Object.assign(summary, diary.counts)
      queue(...changes)
    },
    { storesFiles: true },
  )
  return summary
}
