// A new image (a polaroid's photo, a sticker's cut-out, an avatar, an outfit photo) is kept on the device
// and its upload queued ahead of the row that shows it: the card shows the local Blob at once, and the
// worker uploads it to a path derived from the row id, so a retried upload lands on the same object.
import type { MooriDB } from '../db'
import type { Change } from './enqueue'

/** `userId/folder/id.ext`: the owner's folder (storage policies insist), the row's id, the type's extension. */
export function imageObjectPath(userId: string, folder: string, id: string, contentType: string): string {
  const extension = contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpg'
  return `${userId}/${folder}/${id}.${extension}`
}

export interface NewImage {
  bucket: string
  path: string
  blob: Blob
  contentType: string
}

/** Runs inside the mutation's transaction (with db.pendingUploads). Returns the image's `bucket/path`
 * for the row, and the upload to queue before the row's own change. */
export async function queueImage(
  db: MooriDB,
  owner: { table: Change['table']; rowId: string },
  image: NewImage,
  failureMessage: string,
): Promise<{ imagePath: string; upload: Change }> {
  const imagePath = `${image.bucket}/${image.path}`
  await db.pendingUploads.put({
    key: imagePath,
    bucket: image.bucket,
    path: image.path,
    blob: image.blob,
    contentType: image.contentType,
    createdAt: Date.now(),
  })
  return {
    imagePath,
    upload: {
      table: owner.table,
      rowId: owner.rowId,
      fields: [],
      op: { op: 'upload', bucket: image.bucket, path: image.path },
      failureMessage,
    },
  }
}
