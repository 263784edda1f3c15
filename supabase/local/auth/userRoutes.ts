// The signed-in user's own endpoints: GET /user, PUT /user (password and metadata; a password change
// ends the user's other sessions) and POST /logout with GoTrue's three scopes.
import type { Hono } from 'hono'
import { AuthError, validationError } from './authError'
import type { AuthServices } from './authServices'
import { callerClaims, requireUser } from './authenticate'
import { checkPasswordStrength } from './passwords'
import { optionalString, readJsonBody } from './requestBody'
import { endSessions, type LogoutScope } from './sessions'
import { findUserById, mergeMetadata, metadataOf, userJson } from './users'

const scopes: ReadonlySet<string> = new Set<LogoutScope>(['global', 'local', 'others'])

export function mountUserRoutes(auth: Hono, services: AuthServices): void {
  const { db } = services

  auth.get('/user', async (c) => {
    const { user } = await requireUser(services, c)
    return c.json(await userJson(db, user))
  })

  auth.put('/user', async (c) => {
    const caller = await requireUser(services, c)
    const { user } = caller
    const body = await readJsonBody(c)
    const email = optionalString(body, 'email')
    if (email !== undefined && email.trim().toLowerCase() !== (user.email ?? '')) {
      throw validationError('Changing the email address is not supported by the local stack', 422)
    }
    const phone = optionalString(body, 'phone')
    if (phone)
      throw new AuthError(
        422,
        'phone_provider_disabled',
        'Phone numbers are not supported by the local stack',
      )
    const data = body.data === undefined ? null : metadataOf(body.data, 'data')

    let passwordHash: string | null = null
    if (body.password !== undefined) {
      const password = checkPasswordStrength(body.password)
      if (user.encrypted_password && (await services.passwords.verify(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
      }
      passwordHash = await services.passwords.hash(password)
    }

    await db.transaction(async (tx) => {
      const current = await findUserById(tx, user.id)
      if (!current) throw new AuthError(404, 'user_not_found', 'User not found')
      const metadata = data ? mergeMetadata(current.raw_user_meta_data, data) : current.raw_user_meta_data
      await tx.query(
        `update auth.users set encrypted_password = coalesce($2, encrypted_password),
           raw_user_meta_data = $3::jsonb, updated_at = now() where id = $1`,
        [user.id, passwordHash, JSON.stringify(metadata)],
      )
      if (passwordHash) await endSessions(tx, user.id, 'others', caller.sessionId)
    })
    if (passwordHash) services.ctx.sessions.ended()
    const updated = await findUserById(db, user.id)
    return c.json(await userJson(db, updated!))
  })

  auth.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global'
    if (!scopes.has(scope)) throw validationError(`Unsupported logout scope "${scope}"`)
    const caller = await callerClaims(services, c)
    await endSessions(db, caller.userId, scope as LogoutScope, caller.sessionId)
    services.ctx.sessions.ended()
    return c.body(null, 204)
  })
}
