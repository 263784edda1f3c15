// Image URLs from Storage through the signed-in session (so private images the user may see can be
// signed for them). Public URLs are made without storage-js; signing loads it when first needed.
import type { ImageSigner } from '@/data/replica'
import { authenticatedStorageUrl, publicRenderUrl, publicStorageUrl, SIZED_PHOTO_QUALITY } from '@/lib/publicStorageUrl'
import { appConfig } from './config'
import { storageClient } from './supabaseClient'

export const imageSigner: ImageSigner = {
  publicUrl: (bucket, path) => publicStorageUrl(appConfig.supabaseUrl, bucket, path),
  objectUrl: (bucket, path) => authenticatedStorageUrl(appConfig.supabaseUrl, bucket, path),
  ...(appConfig.imageTransforms
    ? { publicSizedUrl: (bucket: string, path: string, width: number) => publicRenderUrl(appConfig.supabaseUrl, bucket, path, width, SIZED_PHOTO_QUALITY) }
    : {}),
  async sign(bucket, path, expiresIn) {
    const { data, error } = await (await storageClient()).from(bucket).createSignedUrl(path, expiresIn)
    if (error || !data) throw error ?? new Error('Could not sign the image URL')
    return data.signedUrl
  },
}
