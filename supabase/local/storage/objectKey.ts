// Object names and bucket ids become file paths, so they are checked before anything touches the disk:
// each URL segment is decoded on its own, then the whole name is refused if any part could step out
// of its bucket directory or confuse the file system (dot segments, empty parts, backslashes, controls).
import { storageErrors } from './storageError'

const MAX_KEY_BYTES = 1024
const MAX_BUCKET_NAME_LENGTH = 100
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/

/** Checks a whole object name (as sent in JSON bodies, or decoded from the URL). */
export function isValidObjectName(name: string): boolean {
  if (name.length === 0 || Buffer.byteLength(name, 'utf8') > MAX_KEY_BYTES) return false
  if (name.startsWith('/') || name.includes('\\') || controlChars.test(name)) return false
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
}

export function assertObjectName(name: string): string {
  if (!isValidObjectName(name)) throw storageErrors.invalidKey(name)
  return name
}

function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    throw storageErrors.invalidKey(raw)
  }
}

/** The object name from raw (still percent-encoded) URL segments. */
export function objectNameFromSegments(rawSegments: string[]): string {
  const name = rawSegments.map(decodeSegment).join('/')
  return assertObjectName(name)
}

/**
 * Bucket ids name directories: storage-api's character rules, and additionally no leading dot (the
 * service keeps its scratch directory there) and no dot segments.
 */
export function isValidBucketName(name: string): boolean {
  if (name.length === 0 || name.length > MAX_BUCKET_NAME_LENGTH) return false
  if (name !== name.trim() || name.startsWith('.')) return false
  return /^[\w!\-.*'() &$@=;:+,?]+$/.test(name)
}

export function bucketNameFromSegment(raw: string): string {
  const name = decodeSegment(raw)
  if (!isValidBucketName(name)) throw storageErrors.invalidBucketName(name)
  return name
}
