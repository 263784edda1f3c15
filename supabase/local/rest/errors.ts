// PostgREST's error contract: every failure is `{code, details, hint, message}` with the HTTP status
// PostgREST would use, because supabase-js hands that body to the app verbatim and the app branches on
// `code`. Postgres errors keep their SQLSTATE and text; our own checks use PostgREST's PGRST codes.

export interface RestErrorBody {
  code: string
  details: string | null | unknown[]
  hint: string | null
  message: string
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: RestErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message)
  }
}

function restError(
  status: number,
  code: string,
  message: string,
  details: RestErrorBody['details'] = null,
  hint: string | null = null,
) {
  return new RestError(status, { code, details, hint, message })
}

/** A name the schema cache does not know: worth one cache refresh before giving up (see schemaCache). */
export class SchemaMissError extends RestError {}

export const parseError = (what: string, raw: string, details: string) =>
  restError(400, 'PGRST100', `failed to parse ${what} (${raw})`, details)

export const invalidBody = (message = 'Empty or invalid json') => restError(400, 'PGRST102', message)

/** Our own limits (PostgREST leaves them to the proxy in front): a body or an insert that is too big. */
export const payloadTooLarge = (message: string, details: string) => restError(413, 'PGRST413', message, details)

export const invalidRange = (details: string | null = null) =>
  restError(416, 'PGRST103', 'Requested range not satisfiable', details)

export const unsupportedMethodForRpc = () =>
  restError(405, 'PGRST101', 'For functions, only GET, HEAD and POST verbs are allowed')

export const schemaNotExposed = (schema: string, exposed: string[]) =>
  restError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${exposed.join(', ')}`,
  )

export const unsupportedMediaType = (mediaType: string) =>
  restError(415, 'PGRST107', `Content-Type not acceptable: ${mediaType}`)

export const notAcceptable = (mediaType: string) =>
  restError(406, 'PGRST107', `None of these media types are available: ${mediaType}`)

export const notEmbedded = (path: string) =>
  restError(
    400,
    'PGRST108',
    `'${path}' is not an embedded resource in this request`,
    null,
    `Verify that '${path}' is included in the 'select' query parameter.`,
  )

export const singularityError = (rows: number) =>
  restError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  )

export const unsupportedMethod = (method: string) =>
  restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)

export const aggregatesDisabled = () =>
  restError(400, 'PGRST123', 'Use of aggregate functions is not allowed')

export const maxAffectedExceeded = (rows: number) =>
  restError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${rows} rows`,
  )

export const invalidPath = () => restError(404, 'PGRST125', 'Invalid path specified in request URL')

export const noRelationship = (parent: string, target: string, schema: string, hint: string | null) =>
  new SchemaMissError(400, {
    code: 'PGRST200',
    details:
      hint === null
        ? `Searched for a foreign key relationship between '${parent}' and '${target}' in the schema '${schema}', but no matches were found.`
        : `Searched for a foreign key relationship between '${parent}' and '${target}' using the hint '${hint}' in the schema '${schema}', but no matches were found.`,
    hint: null,
    message: `Could not find a relationship between '${parent}' and '${target}' in the schema cache`,
  })

export const ambiguousRelationship = (
  parent: string,
  target: string,
  details: unknown[],
  options: string[],
) =>
  restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent}' and '${target}'`,
    details,
    `Try changing '${target}' to one of the following: ${options.map((o) => `'${o}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  )

export const unknownFunction = (schema: string, name: string, args: string[], suggestion: string | null) =>
  new SchemaMissError(404, {
    code: 'PGRST202',
    details: `Searched for the function ${schema}.${name}${
      args.length ? ` with parameters ${args.join(', ')}` : ' without parameters'
    } or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    hint: suggestion ? `Perhaps you meant to call the function ${schema}.${suggestion}` : null,
    message: `Could not find the function ${schema}.${name}${args.length ? `(${args.join(', ')})` : ' without parameters'} in the schema cache`,
  })

export const overloadedFunction = (schema: string, name: string, signatures: string[]) =>
  restError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${signatures.map((s) => `${schema}.${name}(${s})`).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  )

export const unknownPayloadColumn = (column: string, table: string) =>
  new SchemaMissError(400, {
    code: 'PGRST204',
    details: null,
    hint: null,
    message: `Could not find the '${column}' column of '${table}' in the schema cache`,
  })

export const unknownTable = (schema: string, table: string, suggestion: string | null) =>
  new SchemaMissError(404, {
    code: 'PGRST205',
    details: null,
    hint: suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
    message: `Could not find the table '${schema}.${table}' in the schema cache`,
  })

/** What Postgres itself says about a column it does not know (PostgREST passes that error through). */
export const unknownColumn = (relation: string, column: string) =>
  new SchemaMissError(400, {
    code: '42703',
    details: null,
    hint: null,
    message: `column ${relation}.${column} does not exist`,
  })

export type AuthFailure = 'no_api_key' | 'invalid_api_key' | 'jwt_expired' | 'jwt_invalid'

export function authError(reason: AuthFailure, message: string): RestError {
  const bearer = (description: string) => ({
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  })
  switch (reason) {
    case 'no_api_key':
      return new RestError(401, {
        code: 'PGRST301',
        details: null,
        hint: 'No `apikey` request header or url param was found.',
        message,
      })
    case 'invalid_api_key':
      return new RestError(401, {
        code: 'PGRST301',
        details: null,
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
        message,
      })
    case 'jwt_expired':
      return new RestError(
        401,
        { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' },
        bearer('JWT expired'),
      )
    case 'jwt_invalid':
      return new RestError(401, { code: 'PGRST301', details: null, hint: null, message }, bearer(message))
  }
}

/** PostgREST's SQLSTATE → HTTP table (docs: errors reference). */
function statusForSqlState(code: string, anonymous: boolean): number {
  if (code === '23505' || code === '23503') return 409
  if (code === '42501') return anonymous ? 401 : 403
  if (code === '42883' || code === '42P01') return 404
  if (code === '42P17') return 500
  if (code === '25006') return 405
  if (code === '53400') return 500
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  const prefix = code.slice(0, 2)
  if (prefix === '08' || prefix === '53') return 503
  if (['0L', '0P', '28'].includes(prefix)) return 403
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX'].includes(prefix))
    return 500
  if (prefix === 'P0' && code !== 'P0001') return 500
  return 400
}

interface PgErrorLike {
  message: string
  code?: string
  detail?: string
  hint?: string
}

function isPgError(error: unknown): error is PgErrorLike {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}

/** Turns anything thrown while serving a request into PostgREST's status and body. */
export function toRestError(error: unknown, anonymous: boolean): RestError {
  if (error instanceof RestError) return error
  if (isPgError(error)) {
    const code = error.code!
    return new RestError(statusForSqlState(code, anonymous), {
      code,
      details: error.detail ?? null,
      hint: error.hint ?? null,
      message: error.message,
    })
  }
  console.error('[rest] unexpected error', error)
  return new RestError(500, {
    code: 'PGRSTX00',
    details: null,
    hint: null,
    message: error instanceof Error ? error.message : 'Internal server error',
  })
}
