// The replica's rows: the server's columns in camelCase, without tombstones (a deleted row is simply
// gone from the replica). `txid` is the server transaction that last wrote the row ('' until synced);
// it orders versions, so an older realtime echo never overwrites a newer pull.
import type { JobItem, JobStatus } from '@/lib/wardrobe/jobs'
import type { TagTypeName } from '@/lib/wardrobe/tagOptions'

export interface ProfileRow {
  id: string
  username: string
  /** Lower-cased username, indexed for /{username} lookups (usernames are unique in any case). */
  usernameLower: string
  displayName: string | null
  avatarPath: string | null
  bio: string | null
  /** Hide this user's presence on walls (issue 16); absent on rows written before it existed. */
  hidePresence?: boolean
  createdAt: string
  updatedAt: string
  txid: string
}

export interface WallRow {
  id: string
  name: string
  description: string | null
  ownerId: string
  private: boolean
  createdAt: string
  updatedAt: string
  txid: string
}

export interface PolaroidRow {
  id: string
  wallId: string
  name: string
  message: string
  /** `bucket/path` in Storage; null when the image is an external URL. */
  imagePath: string | null
  externalUrl: string | null
  originalPageUrl: string | null
  timestamp: number
  createdBy: string
  username: string | null
  x: number
  y: number
  zIndex: number
  createdAt: string
  updatedAt: string
  txid: string
}

export interface StickerRow {
  id: string
  wallId: string
  name: string
  imagePath: string
  timestamp: number
  createdBy: string
  username: string | null
  x: number
  y: number
  zIndex: number
  originalItemId: string | null
  originalItemName: string | null
  originalItemDescription: string | null
  /** Made offline from the item's photo: the app swaps in the cut-out once it can. */
  needsCutout: boolean
  createdAt: string
  updatedAt: string
  txid: string
}

/** Who made an item's cut-out (the server decides which one wins: supabase/migrations/…_device_cutouts.sql). */
export type CutoutSource = 'engine' | 'device' | 'edited'

/** The cut-out editor's strokes as kept with the item (src/data/wardrobe/cutoutStrokes.ts reads and writes them). */
export interface CutoutStrokes {
  v: 1
  /** The working image they are in the pixels of (the photo at the cut-out's size). */
  width: number
  height: number
  /**
   * For a garment fixed on its outfit photo: the part of that photo (percent) the working image is; absent
   * when they are on the item's own picture.
   */
  crop?: { x: number; y: number; width: number; height: number }
  strokes: Array<{ mode: 'keep' | 'remove'; radius: number; points: number[] }>
}

export interface WardrobeItemRow {
  id: string
  userId: string
  imagePath: string
  name: string
  description: string | null
  isPublic: boolean
  uploadSource: string
  /** The outfit job this item came from, or that is analysing it (its photo's own item). */
  jobId: string | null
  /** Items styled 'OOTD Complete': what the engine found in the photo (spec §5). */
  analysis: OutfitAnalysis | null
  /** A transparent cut-out of the item in its owner's folder, once one was made. */
  cutoutPath: string | null
  /** Who made that cut-out: the server's engine, this or another device (offline), or a hand fix. */
  cutoutSource: CutoutSource | null
  /** The strokes a hand-fixed cut-out was made from, so the editor reopens on the fix (absent on old rows). */
  cutoutStrokes?: CutoutStrokes | null
  createdAt: string
  updatedAt: string
  txid: string
}

/** A box as percentages of the photo (spec §3). */
interface BoundingBox {
  x: number
  y: number
  width: number
  height: number
}

export interface OutfitAnalysisItem {
  /** The wardrobe item made from this part of the photo. */
  id: string
  category: string
  confidence: number
  description: string
  brand: string | null
  color: string | null
  style: string | null
  material: string | null
  boundingBox: BoundingBox
}

/** Spec §5 outfit analysis; `imageUrl` is the photo's `bucket/path`. */
export interface OutfitAnalysis {
  imageUrl: string
  items: OutfitAnalysisItem[]
  outfitStyle: string
  season: string
  occasion: string
  confidence: number
  processingTime: number
  createdAt: string
  location: string | null
  weather: string | null
  mood: string | null
}

export type TagType = TagTypeName

export interface ClothingTagRow {
  id: string
  wardrobeItemId: string
  tagType: TagType
  tagValue: string
  confidenceScore: number
  isAiGenerated: boolean
  isVerified: boolean
  createdAt: string
  updatedAt: string
  txid: string
}

export interface ProcessingJobRow {
  id: string
  userId: string
  kind: string
  status: JobStatus
  progress: number
  processedItems: number
  totalItems: number
  error: string | null
  input: { image_path?: string; item_id?: string | null; skip_ai_tagging?: boolean }
  /** The items it found so far (spec §5 processing status), each cut-out as `bucket/path`. */
  items: JobItem[]
  createdAt: string
  updatedAt: string
  txid: string
}

/** Counts and previews for wall cards, from window pulls (a wall's items may not all be local). */
export interface WallStatsRow {
  wallId: string
  polaroidCount: number
  previewIds: string[]
}

/** How a wear came about (issue 41): an outfit photo, "Wore today", or a plan's "Wore it". */
export type WearSource = 'photo' | 'hand' | 'plan'

/** One item worn on one day (issue 41). Private to its owner, like plans and prices. */
export interface WearRow {
  id: string
  userId: string
  itemId: string
  /** The day, `YYYY-MM-DD` in the wearer's own calendar (no time, no zone). */
  wornOn: string
  source: WearSource
  /** For a photo wear: the outfit photo's own item. */
  outfitItemId: string | null
  /** For a plan wear: the plan it came from. */
  planId: string | null
  createdAt: string
  updatedAt: string
  txid: string
}

/** A future day holding a wall and/or items (issue 41); `wornAt` once "Wore it" made its wears. */
export interface OutfitPlanRow {
  id: string
  userId: string
  /** `YYYY-MM-DD`. */
  plannedFor: string
  wallId: string | null
  itemIds: string[]
  wornAt: string | null
  createdAt: string
  updatedAt: string
  txid: string
}

/**
 * An item's price (issue 41), kept apart from the item so a public item never shows it. Its id is the
 * item's id; a cleared price keeps its row with no amount.
 */
export interface ItemPriceRow {
  id: string
  userId: string
  /** In the currency's major unit (12.5 is 12.50 EUR); null once cleared. */
  amount: number | null
  /** ISO 4217 code, upper case; null once cleared. */
  currency: string | null
  createdAt: string
  updatedAt: string
  txid: string
}

export interface SyncedRows {
  profiles: ProfileRow
  walls: WallRow
  polaroids: PolaroidRow
  stickers: StickerRow
  wardrobeItems: WardrobeItemRow
  tags: ClothingTagRow
  jobs: ProcessingJobRow
  wears: WearRow
  outfitPlans: OutfitPlanRow
  itemPrices: ItemPriceRow
}

export type SyncedTable = keyof SyncedRows
export type AnyRow = SyncedRows[SyncedTable]
