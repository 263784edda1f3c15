import { StorageClient } from '@supabase/storage-js'
import { describe, expect, it } from 'vitest'
import { imageCacheKey } from './imageCacheKey'
import { authenticatedStorageUrl, publicRenderUrl, publicStorageUrl } from './publicStorageUrl'

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

describe('authenticatedStorageUrl', () => {
  it('names the same cached image as the signed link storage-js makes of the object', () => {
    const base = 'http://127.0.0.1:54321'
    for (const path of ['user-1/wardrobe/item.jpg', 'user-1/cutouts/a b ünï.png']) {
      // createSignedUrl answers `signedURL` and storage-js returns encodeURI(url + signedURL).
      const signed = encodeURI(`${base}/storage/v1/object/sign/wardrobe-images/${path}?token=eyJ.abc.def`)
      const tokenFree = authenticatedStorageUrl(base, 'wardrobe-images', path)
      expect(tokenFree).not.toContain('token')
      expect(imageCacheKey(tokenFree)).toBe(imageCacheKey(signed))
    }
  })
})
