// The download reply shared by the authenticated, public and signed routes: the stored bytes with the
// Content-Type, Cache-Control and ETag kept in the object's metadata, `?download[=name]` as an
// attachment, and 304 for a matching If-None-Match. The render routes pass a transformation and who
// asked for it: then the reply is the transformed image (renderCache.ts), with its own type, length and
// ETag.
import type { StackContext } from '../context'
import type { ImageTransform } from './imageTransform'
import { objectFilePath, readObjectFile } from './objectFiles'
import type { ObjectRow } from './objectRows'
import { storageErrors } from './storageError'

function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16)}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

export interface RenderAsk {
  transform: ImageTransform
  /** Who asked (renderCaller.ts), for their share of the render queue. */
  caller: string
}

export async function serveObject(
  ctx: StackContext,
  row: ObjectRow,
  request: Request,
  render?: RenderAsk,
): Promise<Response> {
  const readStored = async () => {
    const stored = await readObjectFile(objectFilePath(ctx.storageRoot, row.bucket_id, row.name))
    if (!stored) throw storageErrors.noSuchKey()
    return stored
  }
  const meta = row.metadata ?? {}
  const rendered = render ? await ctx.renders.render(row, readStored, render.transform, render.caller) : null
  const bytes = rendered ? new Uint8Array(rendered.bytes) : await readStored()
  const eTag = rendered ? rendered.eTag : meta.eTag
  const headers = new Headers({
    'Content-Type': rendered?.mimetype ?? meta.mimetype ?? 'application/octet-stream',
    'Cache-Control': meta.cacheControl ?? 'no-cache',
    'Last-Modified': new Date(meta.lastModified ?? row.updated_at).toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  })
  if (eTag) headers.set('ETag', eTag)

  const url = new URL(request.url)
  const download = url.searchParams.get('download')
  if (download !== null) {
    headers.set('Content-Disposition', contentDisposition(download || row.name.split('/').pop()!))
  }
  if (eTag && request.headers.get('if-none-match') === eTag) {
    return new Response(null, { status: 304, headers })
  }
  headers.set('Content-Length', String(bytes.byteLength))
  return new Response(bytes, { status: 200, headers })
}
