// The replica: one versioned Dexie schema for every device-side table. Each signed-in user gets their
// own database (`moori-<userId>`), guests share `moori-guest`, so signing out can delete exactly one
// user's data. Keep old versions and their upgraders when the schema changes.
import Dexie, { type EntityTable } from 'dexie'
import type {
  ClothingTagRow,
  ItemPriceRow,
  OutfitPlanRow,
  PolaroidRow,
  ProcessingJobRow,
  ProfileRow,
  StickerRow,
  WallRow,
  WallStatsRow,
  WardrobeItemRow,
  WearRow,
} from './model/rows'
import type {
  FailedMutation,
  OutboxEntry,
  PendingUpload,
  PickedFile,
  PickedPhoto,
  ScopeMember,
  ScopeState,
  SignedUrl,
  StaleRow,
  SyncState,
} from './model/outbox'
import type { PreviewPolaroidRow, PreviewWallRow } from './model/preview'
import { databaseNameFor } from './replicaName'
import type { StoredStep } from './undo/history'

export class MooriDB extends Dexie {
  profiles!: EntityTable<ProfileRow, 'id'>
  walls!: EntityTable<WallRow, 'id'>
  polaroids!: EntityTable<PolaroidRow, 'id'>
  stickers!: EntityTable<StickerRow, 'id'>
  wardrobeItems!: EntityTable<WardrobeItemRow, 'id'>
  tags!: EntityTable<ClothingTagRow, 'id'>
  jobs!: EntityTable<ProcessingJobRow, 'id'>
  wears!: EntityTable<WearRow, 'id'>
  outfitPlans!: EntityTable<OutfitPlanRow, 'id'>
  itemPrices!: EntityTable<ItemPriceRow, 'id'>
  wallStats!: EntityTable<WallStatsRow, 'wallId'>
  outbox!: EntityTable<OutboxEntry, 'seq'>
  failedMutations!: EntityTable<FailedMutation, 'id'>
  pendingUploads!: EntityTable<PendingUpload, 'key'>
  scopes!: EntityTable<ScopeState, 'key'>
  scopeMembers!: Dexie.Table<ScopeMember, [string, string, string]>
  syncState!: EntityTable<SyncState, 'id'>
  signedUrls!: EntityTable<SignedUrl, 'key'>
  staleRows!: EntityTable<StaleRow, 'key'>
  previewWall!: EntityTable<PreviewWallRow, 'id'>
  previewPolaroids!: EntityTable<PreviewPolaroidRow, 'id'>
  undoSteps!: EntityTable<StoredStep, 'seq'>
  pickedPhotos!: EntityTable<PickedPhoto, 'id'>
  pickedFiles!: EntityTable<PickedFile, 'id'>

  constructor(name: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options)
    this.version(1).stores({
      profiles: 'id, &usernameLower',
      walls: 'id, ownerId, createdAt',
      polaroids: 'id, wallId, [wallId+zIndex], createdAt, createdBy',
      stickers: 'id, wallId, [wallId+zIndex], createdBy',
      wardrobeItems: 'id, userId, createdAt',
      tags: 'id, wardrobeItemId',
      jobs: 'id, userId, createdAt',
      wallStats: 'wallId',
      outbox: '++seq, key',
      failedMutations: '++id, failedAt, notified',
      pendingUploads: 'key',
      scopes: 'key, lastUsedAt',
      scopeMembers: '[scope+table+rowId], scope, [table+rowId]',
      syncState: 'id',
      signedUrls: 'key',
      staleRows: 'key',
      previewWall: 'id',
      previewPolaroids: 'id, createdAt',
    })
    // The wardrobe engine: items know their job (an outfit photo's card shows where its job stands),
    // their analysis and cut-out; stickers know whether they still wait for their cut-out.
    this.version(2)
      .stores({ wardrobeItems: 'id, userId, createdAt, jobId', jobs: 'id, userId, createdAt, status' })
      .upgrade(async (tx) => {
        await tx
          .table<WardrobeItemRow, string>('wardrobeItems')
          .toCollection()
          .modify((item) => {
            item.jobId ??= null
            item.analysis ??= null
            item.cutoutPath ??= null
          })
        await tx
          .table<StickerRow, string>('stickers')
          .toCollection()
          .modify((sticker) => {
            sticker.needsCutout ??= false
          })
      })
    // Undo and redo (issue 24): each user's steps per wall, kept with the replica so they survive
    // reloads and go at sign-out with it. A new table: nothing to upgrade.
    this.version(3).stores({ undoSteps: '++seq, [wallId+stack+seq]' })
    // Bulk edits (issue 25): one outbox entry may change many rows; `keys` lists them all.
    this.version(4)
      .stores({ outbox: '++seq, key, *keys' })
      .upgrade(async (tx) => {
        await tx
          .table<OutboxEntry, number>('outbox')
          .toCollection()
          .modify((entry) => {
            entry.keys ??= [entry.key]
          })
      })
    // Many photos at once (issue 25): the picked originals wait here until each is kept with its job,
    // so a reload halfway loses none. A new table: nothing to upgrade.
    this.version(5).stores({ pickedPhotos: 'id, batchId, pickedAt' })
    // Cut-outs on the device (issue 26): an item knows who made its cut-out.
    this.version(6)
      .stores({})
      .upgrade(async (tx) => {
        await tx
          .table<WardrobeItemRow, string>('wardrobeItems')
          .toCollection()
          .modify((item) => {
            item.cutoutSource ??= item.cutoutPath ? 'engine' : null
          })
      })
    // Many photos at once (issue 25): the picked originals move out of the rows that say where each
    // photo stands. The batch's live queries (how many wait, the batch's progress, each row's state) run
    // again on every write of a batch; each run brought every original's File back to the page.
    this.version(7)
      .stores({ pickedFiles: 'id' })
      .upgrade(async (tx) => {
        const photos = tx.table<PickedPhoto & { file?: Blob }, string>('pickedPhotos')
        const files = (await photos.toArray()).flatMap((photo) => (photo.file ? [{ id: photo.id, file: photo.file }] : []))
        await tx.table<PickedFile, string>('pickedFiles').bulkPut(files)
        await photos.toCollection().modify((photo) => {
          delete photo.file
        })
      })
    // One owner of the outfit job's life (issue 41): the push engine lost its wardrobe rule (a refused
    // job start fails the job on the device); the start entry carries that mark itself now. Starts queued
    // before this version get it, as written then, so a refusal still fails their job.
    this.version(8)
      .stores({})
      .upgrade(async (tx) => {
        await tx
          .table<OutboxEntry, number>('outbox')
          .filter((entry) => entry.op.op === 'api' && entry.table === 'jobs' && !entry.onRefused)
          .modify((entry) => {
            entry.onRefused = { patch: { status: 'failed' }, messageField: 'error' }
          })
      })
    // The wear diary (issue 41): wears by item (counts, last worn) and by day (the calendar), plans by
    // day, prices by item (their id). New tables: nothing to upgrade.
    this.version(9).stores({
      wears: 'id, userId, [itemId+wornOn], wornOn, outfitItemId, planId',
      outfitPlans: 'id, userId, plannedFor',
      itemPrices: 'id, userId',
    })
  }
}

export { GUEST_DATABASE } from './replicaName'

export function openReplicaDatabase(userId: string | null, options?: ConstructorParameters<typeof Dexie>[1]): MooriDB {
  return new MooriDB(databaseNameFor(userId), options)
}

/** Deletes one user's replica (explicit sign-out, account deletion); waits for open connections to close. */
export async function deleteReplicaDatabase(name: string): Promise<void> {
  await Dexie.delete(name)
}
