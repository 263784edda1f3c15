// Stickers live in a bucket of transparent pictures (PNG or WebP). A photo stuck on a wall before its
// cut-out exists is re-encoded to WebP (small, and the bucket accepts it; browsers that cannot encode
// WebP give PNG), on an OffscreenCanvas so the page does not reflow.
export async function toStickerImage(image: Blob): Promise<Blob> {
  if (image.type === 'image/png' || image.type === 'image/webp') return image
  const bitmap = await createImageBitmap(image)
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('No 2D canvas on this device')
    context.drawImage(bitmap, 0, 0)
    return await canvas.convertToBlob({ type: 'image/webp', quality: 0.9 })
  } finally {
    bitmap.close()
  }
}
