// Where an object's bytes live: `<storageRoot>/<bucket>/<object name>`, plus a scratch directory for
// temp files and backups. Every resolved path is checked to stay inside its bucket directory, on top of
// the name validation, so a mistake elsewhere cannot write outside the storage root.
import path from 'node:path'
import { readFile } from 'node:fs/promises'
import { isValidBucketName, isValidObjectName } from './objectKey'
import { storageErrors } from './storageError'

const SCRATCH_DIR_NAME = '.scratch'

export function scratchDir(root: string): string {
  return path.join(path.resolve(root), SCRATCH_DIR_NAME)
}

export function bucketDir(root: string, bucketId: string): string {
  const base = path.resolve(root)
  const dir = path.resolve(base, bucketId)
  if (!isValidBucketName(bucketId) || path.dirname(dir) !== base) {
    throw storageErrors.invalidBucketName(bucketId)
  }
  return dir
}

export function objectFilePath(root: string, bucketId: string, name: string): string {
  const dir = bucketDir(root, bucketId)
  const file = path.resolve(dir, ...name.split('/'))
  if (!isValidObjectName(name) || !file.startsWith(dir + path.sep)) throw storageErrors.invalidKey(name)
  return file
}

/** The stored bytes, or null when the file is gone (deleted concurrently, or never written). */
export async function readObjectFile(file: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return await readFile(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null
    throw error
  }
}
