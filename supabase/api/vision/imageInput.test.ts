import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ImageRejectedError } from './types'
import { MAX_IMAGE_BYTES } from '../../../src/lib/wardrobe/storage'
import { decodeImage, readImageHeader, rejection } from './imageInput'

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid 1-bit greyscale PNG of w × h black pixels: a few kB that would decode to w·h·3 bytes of RGB. */
function pngBomb(w: number, h: number): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(w, 0)
  header.writeUInt32BE(h, 4)
  header.set([1, 0, 0, 0, 0], 8) // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc(h * (1 + Math.ceil(w / 8)))
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function rejectionOf(promise: Promise<unknown>): Promise<ImageRejectedError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ImageRejectedError)
  return error as ImageRejectedError
}

/** A w × h JPEG: left half red, right half blue, optionally with an EXIF orientation tag. */
async function halves(w: number, h: number, orientation?: number): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w / 2}" height="${h}" fill="#f00"/><rect x="${w / 2}" width="${w / 2}" height="${h}" fill="#00f"/></svg>`
  let pipeline = sharp(Buffer.from(svg)).jpeg({ quality: 95 })
  if (orientation) pipeline = pipeline.withMetadata({ orientation })
  return new Uint8Array(await pipeline.toBuffer())
}

describe('image input refuses what it should not decode', () => {
  it('refuses bytes that are not an image', async () => {
    const error = await rejectionOf(readImageHeader(new TextEncoder().encode('%PDF-1.7 not a photo at all')))
    expect(error.message).toBe(rejection.notAnImage)
  })

  it('refuses an empty file and a file over 10 MB before parsing it', async () => {
    expect((await rejectionOf(readImageHeader(new Uint8Array(0)))).message).toBe(rejection.empty)
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1)
    big.set(await halves(64, 64))
    expect((await rejectionOf(readImageHeader(big))).message).toBe('The image is larger than 10 MB.')
  })

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const bomb = pngBomb(10_000, 10_000)
    expect(bomb.byteLength).toBeLessThan(100_000)
    const error = await rejectionOf(decodeImage(bomb, { longSide: 1024 }))
    expect(error.message).toBe('The image has too many pixels (100.0 megapixels; the limit is 50).')
  })

  it('accepts an image just under the pixel limit', async () => {
    const header = await readImageHeader(pngBomb(7000, 7000))
    expect(header).toEqual({ format: 'png', width: 7000, height: 7000 })
  })

  it('refuses formats it does not read, such as SVG and TIFF', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    expect((await rejectionOf(readImageHeader(svg))).message).toBe(rejection.format)
    const tiff = new Uint8Array(
      await sharp(await halves(16, 16))
        .tiff()
        .toBuffer(),
    )
    expect((await rejectionOf(readImageHeader(tiff))).message).toBe(rejection.format)
  })

  it('refuses a truncated JPEG and a truncated PNG as damaged', async () => {
    const jpeg = await halves(400, 300)
    expect(
      (await rejectionOf(decodeImage(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), { longSide: 1024 })))
        .message,
    ).toBe(rejection.damaged)
    const png = new Uint8Array(
      await sharp(await halves(400, 300))
        .png()
        .toBuffer(),
    )
    expect(
      (await rejectionOf(decodeImage(png.subarray(0, Math.floor(png.length * 0.6)), { longSide: 1024 })))
        .message,
    ).toBe(rejection.damaged)
  })
})

describe('image input decodes what it accepts', () => {
  it('applies the EXIF orientation before anything else', async () => {
    // Stored 200×100 with red on the left; orientation 6 means "rotate 90° clockwise to display".
    const { header, image } = await decodeImage(await halves(200, 100, 6), { longSide: 1024 })
    expect(header).toEqual({ format: 'jpeg', width: 100, height: 200 })
    expect([image.width, image.height]).toEqual([100, 200])
    const top = image.data.subarray((10 * 100 + 50) * 3, (10 * 100 + 50) * 3 + 3)
    const bottom = image.data.subarray((190 * 100 + 50) * 3, (190 * 100 + 50) * 3 + 3)
    expect(top[0]).toBeGreaterThan(200)
    expect(bottom[2]).toBeGreaterThan(200)
  })

  it('downscales to the long side, never up', async () => {
    const { image } = await decodeImage(await halves(2000, 1000), { longSide: 1024 })
    expect([image.width, image.height]).toEqual([1024, 512])
    expect(image.data).toHaveLength(1024 * 512 * 3)
    const small = await decodeImage(await halves(200, 100), { longSide: 1024 })
    expect([small.image.width, small.image.height]).toEqual([200, 100])
  })

  it('crops in oriented coordinates, then downscales the crop', async () => {
    const { image } = await decodeImage(await halves(200, 100, 6), {
      longSide: 1024,
      crop: { x: 0, y: 100, width: 100, height: 100 },
    })
    expect([image.width, image.height]).toEqual([100, 100])
    const middle = image.data.subarray((50 * 100 + 50) * 3, (50 * 100 + 50) * 3 + 3)
    expect(middle[2]).toBeGreaterThan(200) // the blue half
    expect(middle[0]).toBeLessThan(60)
  })

  it('flattens transparency onto white and reads WebP, AVIF and the first frame of a GIF', async () => {
    const transparent = await sharp({
      create: { width: 20, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    const { image } = await decodeImage(new Uint8Array(transparent), { longSide: 1024 })
    expect(Array.from(image.data.subarray(0, 3))).toEqual([255, 255, 255])
    for (const format of ['webp', 'avif', 'gif'] as const) {
      const bytes = new Uint8Array(
        await sharp(await halves(64, 32))
          .toFormat(format)
          .toBuffer(),
      )
      const decoded = await decodeImage(bytes, { longSide: 1024 })
      expect(decoded.header.format).toBe(format)
      expect(decoded.image.data).toHaveLength(64 * 32 * 3)
    }
  })
})
