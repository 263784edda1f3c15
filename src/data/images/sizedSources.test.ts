import { describe, expect, it } from 'vitest'
import type { ImageSigner } from '../replica'
import { publicSrcSet } from './sizedSources'

const signer: ImageSigner = {
  publicUrl: (bucket, path) => `https://s.test/object/public/${bucket}/${path}`,
  publicSizedUrl: (bucket, path, width) => `https://s.test/render/image/public/${bucket}/${path}?width=${width}`,
  objectUrl: (bucket, path) => `https://s.test/object/authenticated/${bucket}/${path}`,
  sign: () => Promise.reject(new Error('not here')),
}

describe('publicSrcSet', () => {
  it('offers the rendered sizes and the stored photo for a public photo shown by its public URL', () => {
    const url = signer.publicUrl('polaroid-images', 'u1/a.jpg')
    expect(publicSrcSet(signer, 'polaroid-images/u1/a.jpg', url)).toBe(
      'https://s.test/render/image/public/polaroid-images/u1/a.jpg?width=240 240w, https://s.test/render/image/public/polaroid-images/u1/a.jpg?width=480 480w, https://s.test/object/public/polaroid-images/u1/a.jpg 800w',
    )
  })

  it('offers nothing for a photo shown from the device, a private bucket, or where Storage does not resize', () => {
    expect(publicSrcSet(signer, 'polaroid-images/u1/a.jpg', 'blob:https://app.test/1')).toBeNull()
    expect(publicSrcSet(signer, 'wardrobe-stickers/u1/a.png', 'https://s.test/object/sign/wardrobe-stickers/u1/a.png?token=t')).toBeNull()
    expect(publicSrcSet(signer, null, 'https://example.com/a.jpg')).toBeNull()
    const withoutTransforms: ImageSigner = {
      publicUrl: (bucket, path) => signer.publicUrl(bucket, path),
      objectUrl: (bucket, path) => signer.objectUrl(bucket, path),
      sign: (bucket, path, expiresIn) => signer.sign(bucket, path, expiresIn),
    }
    expect(publicSrcSet(withoutTransforms, 'polaroid-images/u1/a.jpg', signer.publicUrl('polaroid-images', 'u1/a.jpg'))).toBeNull()
  })
})
