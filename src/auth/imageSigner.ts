// Image URLs from Storage through the signed-in session (so private images the user may see can be
// signed for them).
import type { ImageSigner } from '@/data/replica'
import { publicStorage, storageClient } from './supabaseClient'

export const imageSigner: ImageSigner = {
  publicUrl: (bucket, path) => publicStorage.from(bucket).getPublicUrl(path).data.publicUrl,
  async sign(bucket, path, expiresIn) {
    const { data, error } = await (await storageClient()).from(bucket).createSignedUrl(path, expiresIn)
    if (error || !data) throw error ?? new Error('Could not sign the image URL')
    return data.signedUrl
  },
}
