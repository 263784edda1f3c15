// The wall endpoints of the product API (spec §7): POST /walls makes a moodboard wall from a prompt
// for the caller (owner_id must be the caller) and answers { wallId }.
import type { Hono } from 'hono'
import { MAX_JSON_BODY_BYTES, capBody } from './bodyLimits'
import type { AdminClient } from './supabaseAdmin'
import { createMoodboard, MoodboardError } from './createMoodboard'
import { PROMPT_MAX } from './moodboard'
import { isCaller, type ApiEnv } from './requireUser'

export function mountWallRoutes(app: Hono<ApiEnv>, admin: () => AdminClient): void {
  app.post('/walls', capBody(MAX_JSON_BODY_BYTES), async (c) => {
    const user = c.get('user')
    const body: unknown = await c.req.json().catch(() => null)
    if (!body || typeof body !== 'object')
      return c.json({ error: 'Send a JSON body: { prompt, owner_id }' }, 400)
    const { prompt, owner_id: ownerId } = body as Record<string, unknown>
    if (!isCaller(user, ownerId)) return c.json({ error: 'owner_id must be your own user id' }, 403)
    const text = typeof prompt === 'string' ? prompt.trim() : ''
    if (text.length < 1 || text.length > PROMPT_MAX) {
      return c.json({ error: `The prompt must be 1 to ${PROMPT_MAX} characters` }, 400)
    }
    try {
      const { wallId, polaroidCount } = await createMoodboard(admin(), user.id, text)
      return c.json({ wallId, polaroidCount }, 201)
    } catch (error) {
      if (error instanceof MoodboardError) return c.json({ error: error.message }, error.status)
      console.error('POST /api/walls failed:', error)
      return c.json({ error: 'Failed to create wall' }, 500)
    }
  })
}
