// The Storage buckets and the size cap of the images the app and the product API pass around (spec §4,
// §7; the buckets themselves are made by `supabase/migrations`). One list, read by the app's mutations, the
// sync worker, the API's image reader and account deletion, and the local stack's seed.

export const BUCKETS = {
  /** Polaroid photos and avatars: public, read without signing. */
  polaroids: 'polaroid-images',
  /** Wardrobe item photos. */
  wardrobe: 'wardrobe-images',
  /** Outfit photos waiting for or after their analysis. */
  ootd: 'ootd-images',
  /** Transparent cut-outs, stuck on walls as stickers. */
  stickers: 'wardrobe-stickers',
} as const

/** Every bucket that holds a user's images, under a folder named after the user. */
export const IMAGE_BUCKETS = [BUCKETS.polaroids, BUCKETS.wardrobe, BUCKETS.ootd, BUCKETS.stickers] as const

/** Buckets whose objects are read by public URL; the others by signed URL. */
export const PUBLIC_BUCKETS: ReadonlySet<string> = new Set<string>([BUCKETS.polaroids])

/** Photos an outfit job or a cut-out may read: outfit photos and item photos. */
export const OUTFIT_PHOTO_BUCKETS: readonly string[] = [BUCKETS.ootd, BUCKETS.wardrobe]

/** The largest image the product API reads (bytes). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024

/** The most pixels an image may have to be decoded on the server (the product API's reader and
 * Storage's renderer): a few hundred KB of PNG can hold far more, and decoding allocates every one. */
export const MAX_IMAGE_PIXELS = 50_000_000
