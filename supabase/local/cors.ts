// CORS for the browser app on another origin (Vite on :5173/:4173 talking to the stack on :54321):
// the request headers supabase-js sends and the response headers it must be able to read.
import type { MiddlewareHandler } from 'hono'

export const allowedRequestHeaders = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'x-supabase-api-version',
  'accept-profile',
  'content-profile',
  'prefer',
  'x-retry-count',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'content-encoding',
  'range',
  'range-unit',
]

export const exposedResponseHeaders = [
  'Content-Range',
  'X-Supabase-Api-Version',
  'Content-Type',
  'Content-Length',
  'Retry-After',
  'Content-Location',
  'Preference-Applied',
]

export const cors: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('origin')
  if (c.req.method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: {
        'Access-Control-Allow-Origin': origin ?? '*',
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': allowedRequestHeaders.join(', '),
        'Access-Control-Max-Age': '86400',
        Vary: 'Origin',
      },
    })
  }
  await next()
  c.res.headers.set('Access-Control-Allow-Origin', origin ?? '*')
  c.res.headers.set('Access-Control-Expose-Headers', exposedResponseHeaders.join(', '))
  c.res.headers.append('Vary', 'Origin')
}
