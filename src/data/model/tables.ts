// Which replica table mirrors which server table, and the server's columns of each. The one place
// that knows both names; everything else speaks replica names.
import type { SyncedTable } from './rows'

export type ServerTable =
  | 'profiles'
  | 'walls'
  | 'polaroids'
  | 'wall_stickers'
  | 'wardrobe_items'
  | 'clothing_tags'
  | 'processing_jobs'
  | 'wears'
  | 'outfit_plans'
  | 'item_prices'

export const serverTableOf: Record<SyncedTable, ServerTable> = {
  profiles: 'profiles',
  walls: 'walls',
  polaroids: 'polaroids',
  stickers: 'wall_stickers',
  wardrobeItems: 'wardrobe_items',
  tags: 'clothing_tags',
  jobs: 'processing_jobs',
  wears: 'wears',
  outfitPlans: 'outfit_plans',
  itemPrices: 'item_prices',
}

export const localTableOf: Record<ServerTable, SyncedTable> = {
  profiles: 'profiles',
  walls: 'walls',
  polaroids: 'polaroids',
  wall_stickers: 'stickers',
  wardrobe_items: 'wardrobeItems',
  clothing_tags: 'tags',
  processing_jobs: 'jobs',
  wears: 'wears',
  outfit_plans: 'outfitPlans',
  item_prices: 'itemPrices',
}

export const syncedTables = Object.keys(serverTableOf) as SyncedTable[]

/** Server columns per table (besides deleted_at, which the replica turns into removal). */
export const serverColumns: Record<ServerTable, readonly string[]> = {
  profiles: ['id', 'username', 'display_name', 'avatar_path', 'bio', 'hide_presence', 'created_at', 'updated_at', 'txid'],
  walls: ['id', 'name', 'description', 'owner_id', 'private', 'created_at', 'updated_at', 'txid'],
  polaroids: [
    'id', 'wall_id', 'name', 'message', 'image_path', 'external_url', 'original_page_url', 'timestamp',
    'created_by', 'username', 'x', 'y', 'z_index', 'created_at', 'updated_at', 'txid',
  ],
  wall_stickers: [
    'id', 'wall_id', 'name', 'image_path', 'timestamp', 'created_by', 'username', 'x', 'y', 'z_index',
    'original_item_id', 'original_item_name', 'original_item_description', 'needs_cutout', 'created_at', 'updated_at', 'txid',
  ],
  wardrobe_items: [
    'id', 'user_id', 'image_path', 'name', 'description', 'is_public', 'upload_source', 'job_id', 'analysis', 'cutout_path',
    'cutout_source', 'cutout_strokes', 'created_at', 'updated_at', 'txid',
  ],
  clothing_tags: [
    'id', 'wardrobe_item_id', 'tag_type', 'tag_value', 'confidence_score', 'is_ai_generated', 'is_verified',
    'created_at', 'updated_at', 'txid',
  ],
  processing_jobs: [
    'id', 'user_id', 'kind', 'status', 'progress', 'processed_items', 'total_items', 'error', 'input', 'items',
    'created_at', 'updated_at', 'txid',
  ],
  wears: ['id', 'user_id', 'item_id', 'worn_on', 'source', 'outfit_item_id', 'plan_id', 'created_at', 'updated_at', 'txid'],
  outfit_plans: ['id', 'user_id', 'planned_for', 'wall_id', 'item_ids', 'worn_at', 'created_at', 'updated_at', 'txid'],
  item_prices: ['id', 'user_id', 'amount', 'currency', 'created_at', 'updated_at', 'txid'],
}
