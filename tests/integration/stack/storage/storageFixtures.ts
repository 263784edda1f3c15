// Shared by the storage tests: real image bytes (made with sharp), a fake "image", raw HTTP requests
// that bypass fetch's URL normalisation, and the store invariant every test can assert: the files on
// disk are exactly the storage.objects rows, and no temp file is left behind.
import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import { expect } from 'vitest'
import type { LocalStack } from '../../../../supabase/local/server'

// sharp's buffers are copied into plain ArrayBuffer-backed ones, which Blob and fetch bodies accept.
export async function jpegBytes(color = '#c33'): Promise<Buffer<ArrayBuffer>> {
  const image = sharp({ create: { width: 4, height: 3, channels: 3, background: color } })
  return Buffer.from(await image.jpeg().toBuffer())
}

export async function pngBytes(): Promise<Buffer<ArrayBuffer>> {
  const image = sharp({ create: { width: 3, height: 3, channels: 4, background: '#0000' } })
  return Buffer.from(await image.png().toBuffer())
}

/** A PNG of random pixels: it does not compress, so its size is about side * side * 3 bytes. */
export async function noisePng(side: number): Promise<Buffer<ArrayBuffer>> {
  const image = sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
  return Buffer.from(await image.png().toBuffer())
}

export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n')

/** Every file under `dir`, as paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()
}

export async function objectRows(stack: LocalStack, bucket?: string) {
  const { rows } = await stack.db.query<{ bucket_id: string; name: string; owner: string | null }>(
    'select bucket_id, name, owner from storage.objects where $1::text is null or bucket_id = $1 order by 1, 2',
    [bucket ?? null],
  )
  return rows
}

/** Files on disk == rows in storage.objects, the scratch directory is empty, nothing sits beside the root
 * (transformed images kept in `.render-cache` are a cache, not objects). */
export async function expectStoreConsistent(stack: LocalStack): Promise<void> {
  const root = stack.context.storageRoot
  const all = (await filesUnder(root)).filter((f) => !f.startsWith('.render-cache'))
  const scratch = all.filter((f) => f.startsWith('.scratch'))
  const files = all.filter((f) => !f.startsWith('.scratch'))
  const rows = (await objectRows(stack)).map((r) => path.join(r.bucket_id, ...r.name.split('/'))).sort()
  expect(scratch).toEqual([])
  expect(files).toEqual(rows)
  expect(await readdir(path.dirname(root))).toEqual(['storage'])
}

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** An HTTP request with the path sent exactly as given (fetch would resolve dot segments first). */
export function rawRequest(
  stack: LocalStack,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: stack.port,
        method: options.method,
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

let counter = 0

/** A client id accepted by the product tables (8-64 of [A-Za-z0-9_-]). */
export function clientId(prefix: string): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${counter}`
}
