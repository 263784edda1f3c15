// Dispatches /storage/v1 requests on the raw (still percent-encoded) path segments, so object names are
// decoded exactly once, segment by segment, by the handlers. Patterns: a literal segment, ':name' for
// one segment, and a final '*' for one or more. HEAD is served by the GET routes.
import type { Context } from 'hono'
import type { StackContext } from '../context'
import { errorResponse, storageErrors } from './storageError'

export const STORAGE_BASE = '/storage/v1'

export interface RouteMatch {
  params: Record<string, string>
  /** The raw segments matched by '*'. */
  rest: string[]
}

export type RouteHandler = (ctx: StackContext, c: Context, match: RouteMatch) => Promise<Response>

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  pattern: string
  handle: RouteHandler
}

function matchRoute(pattern: string[], segments: string[]): RouteMatch | null {
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!
    if (part === '*') {
      const rest = segments.slice(i)
      return rest.length > 0 ? { params, rest } : null
    }
    const segment = segments[i]
    if (segment === undefined) return null
    if (part.startsWith(':')) params[part.slice(1)] = segment
    else if (part !== segment) return null
  }
  return segments.length === pattern.length ? { params, rest: [] } : null
}

export function storageHandler(ctx: StackContext, routes: Route[]) {
  const compiled = routes.map((route) => ({ ...route, parts: route.pattern.split('/').filter(Boolean) }))
  return async (c: Context): Promise<Response> => {
    try {
      const pathname = new URL(c.req.url).pathname
      const segments = pathname.slice(STORAGE_BASE.length + 1).split('/')
      const method = c.req.method === 'HEAD' ? 'GET' : c.req.method
      for (const route of compiled) {
        if (route.method !== method) continue
        const match = matchRoute(route.parts, segments)
        if (match) return await route.handle(ctx, c, match)
      }
      throw storageErrors.notFoundRoute()
    } catch (error) {
      return errorResponse(error)
    }
  }
}
