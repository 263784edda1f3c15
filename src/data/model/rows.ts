// The replica's rows: the server's columns in camelCase, without tombstones (a deleted row is simply
// gone from the replica). `txid` is the server transaction that last wrote the row ('' until synced);
// it orders versions, so an older realtime echo never overwrites a newer pull.

export interface ProfileRow {
  id: string
  username: string
  /** Lower-cased username, indexed for /{username} lookups (usernames are unique in any case). */
  usernameLower: string
  displayName: string | null
  avatarPath: string | null
  bio: string | null
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
  createdAt: string
  updatedAt: string
  txid: string
}

export interface WardrobeItemRow {
  id: string
  userId: string
  imagePath: string
  name: string
  description: string | null
  isPublic: boolean
  uploadSource: string
  createdAt: string
  updatedAt: string
  txid: string
}

export type TagType = 'category' | 'color' | 'style' | 'material' | 'brand' | 'season' | 'occasion'

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
  status: 'queued' | 'processing' | 'completed' | 'failed'
  progress: number
  processedItems: number
  totalItems: number
  error: string | null
  input: Record<string, unknown>
  items: Array<Record<string, unknown>>
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

export interface SyncedRows {
  profiles: ProfileRow
  walls: WallRow
  polaroids: PolaroidRow
  stickers: StickerRow
  wardrobeItems: WardrobeItemRow
  tags: ClothingTagRow
  jobs: ProcessingJobRow
}

export type SyncedTable = keyof SyncedRows
export type AnyRow = SyncedRows[SyncedTable]
