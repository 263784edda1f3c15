// 'Download my data': builds the export zip on the device from the replica and the image cache. When
// online it first pulls the cards of every wall the user owns (the replica only holds walls opened on
// this device); offline it takes what is there and says which walls may be incomplete. Images come
// from the upload queue, the cache or the network; those it cannot get are listed, not fatal.
import { strToU8, zipSync, type Zippable } from 'fflate'

import { camel } from '../model/mapping'
import type { SyncedRows, SyncedTable } from '../model/rows'
import { serverColumns, serverTableOf } from '../model/tables'
import { wallScope } from '../model/scopes'
import type { Replica } from '../replica'
import { networkOnline } from '../connectivity'
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  IMAGES_DIR,
  MANIFEST_FILE,
  README,
  TABLE_FILES,
  type ExportManifest,
  type ExportRow,
  type ExportTable,
} from './exportFormat'

/** Reads an image's bytes by `bucket/path`; null when it cannot be had now. */
export type ImageReader = (imagePath: string) => Promise<Uint8Array | null>

export interface ExportProgress {
  /** 0..1 */
  fraction: number
  step: string
}

export interface BuiltExport {
  zip: Uint8Array
  manifest: ExportManifest
}

const SCOPE_WAIT_MS = 15_000

function exported<T extends SyncedTable>(table: T, row: SyncedRows[T]): ExportRow {
  const out: ExportRow = {}
  const source = row as unknown as Record<string, unknown>
  for (const column of serverColumns[serverTableOf[table]]) {
    if (column === 'txid') continue
    const field = camel(column)
    if (field in source) out[column] = source[field]
  }
  return out
}

/** Holds each wall's scope until it has been pulled once (or the wait runs out). */
async function pullWalls(replica: Replica, wallIds: string[]): Promise<void> {
  if (wallIds.length === 0 || !networkOnline()) return
  const releases = wallIds.map((id) => replica.sync.retainScope(wallScope(id)))
  try {
    const deadline = Date.now() + SCOPE_WAIT_MS
    while (Date.now() < deadline) {
      const states = await replica.db.scopes.bulkGet(wallIds.map((id) => wallScope(id)))
      if (states.every((s) => s?.lastPulledAt)) return
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  } finally {
    for (const release of releases) release()
  }
}

export async function buildExport(
  replica: Replica,
  readImage: ImageReader,
  onProgress: (progress: ExportProgress) => void = () => undefined,
): Promise<BuiltExport> {
  const userId = replica.userId
  if (!userId) throw new Error('Sign in to download your data.')
  const { db } = replica
  onProgress({ fraction: 0, step: 'Gathering your walls' })
  const ownWalls = await db.walls.where('ownerId').equals(userId).toArray()
  await pullWalls(
    replica,
    ownWalls.map((w) => w.id),
  )

  const wallIds = new Set(ownWalls.map((w) => w.id))
  const scopeStates = await db.scopes.bulkGet(ownWalls.map((w) => wallScope(w.id)))
  const incompleteWalls = ownWalls.filter((_, i) => !scopeStates[i]?.lastPulledAt).map((w) => w.id)
  const profile = await db.profiles.get(userId)
  const polaroids = (await db.polaroids.toArray()).filter(
    (p) => wallIds.has(p.wallId) || p.createdBy === userId,
  )
  const stickers = (await db.stickers.toArray()).filter(
    (s) => wallIds.has(s.wallId) || s.createdBy === userId,
  )
  const items = await db.wardrobeItems.where('userId').equals(userId).toArray()
  const itemIds = new Set(items.map((i) => i.id))
  const tags = (await db.tags.toArray()).filter((t) => itemIds.has(t.wardrobeItemId))
  const jobs = await db.jobs.where('userId').equals(userId).toArray()
  const wears = await db.wears.where('userId').equals(userId).toArray()
  const plans = await db.outfitPlans.where('userId').equals(userId).toArray()
  const prices = await db.itemPrices.where('userId').equals(userId).toArray()

  const tables: Record<ExportTable, ExportRow[]> = {
    profiles: profile ? [exported('profiles', profile)] : [],
    walls: ownWalls.map((w) => exported('walls', w)),
    polaroids: polaroids.map((p) => exported('polaroids', p)),
    wall_stickers: stickers.map((s) => exported('stickers', s)),
    wardrobe_items: items.map((i) => exported('wardrobeItems', i)),
    clothing_tags: tags.map((t) => exported('tags', t)),
    processing_jobs: jobs.map((j) => exported('jobs', j)),
    wears: wears.map((w) => exported('wears', w)),
    outfit_plans: plans.map((p) => exported('outfitPlans', p)),
    item_prices: prices.map((p) => exported('itemPrices', p)),
  }

  // Every image the user uploaded: their own folders only (others' cards on their walls included).
  const paths = new Set<string>()
  const add = (path: string | null | undefined) => {
    if (path) paths.add(path)
  }
  add(profile?.avatarPath)
  for (const p of polaroids) add(p.imagePath)
  for (const s of stickers) add(s.imagePath)
  for (const i of items) {
    add(i.imagePath)
    add(i.cutoutPath)
  }

  const files: Zippable = {}
  const missingImages: string[] = []
  let done = 0
  for (const path of paths) {
    onProgress({ fraction: 0.05 + 0.9 * (done / Math.max(paths.size, 1)), step: 'Copying your images' })
    const bytes = await readImage(path).catch(() => null)
    if (bytes) files[`${IMAGES_DIR}${path}`] = [bytes, { level: 0 }]
    else missingImages.push(path)
    done += 1
  }

  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    userId,
    username: profile?.username ?? null,
    counts: Object.fromEntries(Object.entries(tables).map(([table, rows]) => [table, rows.length])) as Record<
      ExportTable,
      number
    >,
    images: paths.size - missingImages.length,
    missingImages,
    incompleteWalls,
  }
  files[MANIFEST_FILE] = strToU8(JSON.stringify(manifest, null, 2))
  files['README.md'] = strToU8(README)
  for (const [table, file] of Object.entries(TABLE_FILES) as Array<[ExportTable, string]>) {
    files[file] = strToU8(JSON.stringify(tables[table], null, 2))
  }
  onProgress({ fraction: 0.97, step: 'Packing the zip' })
  const zip = zipSync(files, { level: 6 })
  onProgress({ fraction: 1, step: 'Done' })
  return { zip, manifest }
}
