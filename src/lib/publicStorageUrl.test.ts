import { StorageClient } from '@supabase/storage-js'
import { describe, expect, it } from 'vitest'
import { publicRenderUrl, publicStorageUrl } from './publicStorageUrl'

describe('publicStorageUrl', () => {
  const bases = ['http://127.0.0.1:54321', 'https://abcdefgh.supabase.co']
  const paths = [
    'user-1/photo.jpg',
    '/user-1/photo.jpg',
    '//user-1/a b/ünïcode #1?.png',
    'user-1/100%.webp',
    'user-1/nested/deeper/file.name.jpeg',
  ]
  for (const base of bases) {
    const storage = new StorageClient(`${base}/storage/v1`, { apikey: 'anon' })
    it.each(paths)(`matches storage-js's getPublicUrl on ${base} for %s`, (path) => {
      for (const bucket of ['avatars', 'polaroid-images']) {
        expect(publicStorageUrl(base, bucket, path)).toBe(storage.from(bucket).getPublicUrl(path).data.publicUrl)
        expect(publicRenderUrl(base, bucket, path, 320, 70)).toBe(
          storage.from(bucket).getPublicUrl(path, { transform: { width: 320, quality: 70 } }).data.publicUrl,
        )
      }
    })
  }
})
