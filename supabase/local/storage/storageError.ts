// Storage errors in the shape supabase-js parses: {statusCode:'<semantic status as text>', code, error,
// message}. `code` is always present because storage-js decides things on it (exists() needs NoSuchKey,
// the app treats KeyAlreadyExists at its own path as a finished upload).

export interface StorageErrorBody {
  statusCode: string
  code: string
  error: string
  message: string
}

export class StorageError extends Error {
  constructor(
    /** HTTP status of the reply; may differ from `statusCode` where storage-api answers 400. */
    readonly status: number,
    readonly body: StorageErrorBody,
    /** Headers the reply carries besides its JSON (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message)
  }
}

function make(status: number, statusCode: string, code: string, error: string, message: string) {
  return new StorageError(status, { statusCode, code, error, message })
}

const megapixels = (pixels: number) => `${(pixels / 1e6).toFixed(1)} megapixels`

const rlsMessage = 'new row violates row-level security policy'

export const storageErrors = {
  noSuchKey: () => make(404, '404', 'NoSuchKey', 'not_found', 'Object not found'),
  noSuchBucket: () => make(404, '404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  /** storage-api answers HTTP 400 here; the app relies on the exact code, so keep both. */
  duplicate: () => make(400, '409', 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketExists: () => make(409, '409', 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    make(409, '409', 'InvalidRequest', 'Bucket not empty', 'The bucket you tried to delete is not empty'),
  accessDenied: (message = rlsMessage) => make(403, '403', 'AccessDenied', 'Unauthorized', message),
  tooLarge: () =>
    make(413, '413', 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  bodyTooLarge: () =>
    make(413, '413', 'EntityTooLarge', 'Payload too large', 'The request body exceeded the maximum allowed size'),
  invalidMime: (mimetype: string) =>
    make(415, '415', 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimetype} is not supported`),
  invalidKey: (name: string) => make(400, '400', 'InvalidKey', 'Invalid key', `Invalid key: ${name}`),
  invalidBucketName: (name: string) =>
    make(400, '400', 'InvalidBucketName', 'Invalid Input', `Bucket name invalid: ${name}`),
  keyConflict: (name: string) =>
    make(
      409,
      '409',
      'InvalidKey',
      'Conflict',
      `Invalid key: ${name} (an object and a folder cannot share a name)`,
    ),
  invalidRequest: (message: string) => make(400, '400', 'InvalidRequest', 'Invalid Request', message),
  missingAuth: () =>
    make(401, '401', 'InvalidJWT', 'Unauthorized', "headers must have required property 'authorization'"),
  invalidApiKey: (message: string) => make(401, '401', 'AccessDenied', 'Unauthorized', message),
  expiredJwt: () => make(400, '400', 'InvalidJWT', 'InvalidJWT', '"exp" claim timestamp check failed'),
  invalidJwt: (message = 'invalid signature') => make(400, '400', 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: (message = 'invalid signature') =>
    make(400, '400', 'InvalidSignature', 'InvalidSignature', message),
  notFoundRoute: () => make(404, '404', 'NotFound', 'Not Found', 'Route not found'),
  internal: () => make(500, '500', 'InternalError', 'Internal Server Error', 'Internal Server Error'),
  tooManyPixels: (pixels: number, limit: number) =>
    make(
      422,
      '422',
      'ImageTooLarge',
      'Unprocessable Entity',
      `The image has too many pixels to transform (${megapixels(pixels)}; the limit is ${megapixels(limit)})`,
    ),
  renderTimedOut: () =>
    make(503, '503', 'RenderTimeout', 'Service Unavailable', 'Transforming the image took too long'),
  tooManyRenders: (retryAfterSeconds: number) =>
    new StorageError(
      429,
      {
        statusCode: '429',
        code: 'SlowDown',
        error: 'Too Many Requests',
        message: 'Too many images are being transformed; try again shortly',
      },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
}

function pgCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  const code = error.code
  return typeof code === 'string' ? code : undefined
}

/** Turns anything thrown while serving into the storage error shape; unknown failures are logged. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error
  switch (pgCode(error)) {
    case '42501':
      return storageErrors.accessDenied()
    case '23505':
      return storageErrors.duplicate()
    case '23503':
      return storageErrors.noSuchBucket()
    case '22P02':
    case '22023':
      return storageErrors.invalidRequest('Invalid input')
  }
  console.error('storage: unexpected failure', error)
  return storageErrors.internal()
}

export function errorResponse(error: unknown): Response {
  const { status, body, headers } = toStorageError(error)
  return Response.json(body, { status, headers })
}
