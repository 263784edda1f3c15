// GoTrue's admin API for the service role (supabase-js auth.admin.*): create, read, update, list and
// delete users. Deleting an auth user deletes its product rows through the schema's cascades.
import type { Context, Hono } from 'hono'
import { AuthError, validationError } from './authError'
import type { AuthServices } from './authServices'
import { requireServiceRole } from './authenticate'
import { checkPasswordStrength } from './passwords'
import { readJsonBody } from './requestBody'
import {
  findUserByEmail,
  findUserById,
  insertEmailUser,
  mergeMetadata,
  metadataOf,
  normalizeEmail,
  userJson,
  uuidPattern,
  type UserRow,
} from './users'

const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found')

function pageParam(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw validationError('page and per_page must be positive integers')
  return Math.min(Number(value), max)
}

/** Only the fields the local stack can honour; anything else is refused rather than ignored. */
function refuseUnsupported(body: Record<string, unknown>, supported: string[]): void {
  const unsupported = Object.keys(body).filter((key) => !supported.includes(key) && body[key] !== undefined)
  if (unsupported.length) {
    throw validationError(`Not supported by the local stack: ${unsupported.join(', ')}`, 422)
  }
}

export function mountAdminRoutes(auth: Hono, services: AuthServices): void {
  const { db } = services

  async function userParam(c: Context): Promise<UserRow> {
    const id = c.req.param('id') ?? ''
    const user = uuidPattern.test(id) ? await findUserById(db, id) : null
    if (!user) throw userNotFound()
    return user
  }

  auth.use('/admin/*', async (c: Context, next) => {
    await requireServiceRole(services, c)
    await next()
  })

  auth.post('/admin/users', async (c) => {
    const body = await readJsonBody(c)
    refuseUnsupported(body, ['email', 'password', 'email_confirm', 'user_metadata', 'app_metadata', 'data'])
    const email = normalizeEmail(body.email)
    const password = body.password === undefined ? null : checkPasswordStrength(body.password)
    const userMetadata = metadataOf(body.user_metadata ?? body.data, 'user_metadata')
    const appMetadata = metadataOf(body.app_metadata, 'app_metadata')
    const passwordHash = password ? await services.passwords.hash(password) : null
    const user = await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
      }
      const created = await insertEmailUser(tx, {
        email,
        passwordHash,
        confirmed: body.email_confirm === true,
        userMetadata,
      })
      if (Object.keys(appMetadata).length) {
        await tx.query(
          'update auth.users set raw_app_meta_data = raw_app_meta_data || $2::jsonb where id = $1',
          [created.id, JSON.stringify(appMetadata)],
        )
      }
      return (await findUserById(tx, created.id))!
    })
    return c.json(await userJson(db, user))
  })

  auth.get('/admin/users', async (c) => {
    const page = pageParam(c.req.query('page'), 1, 1_000_000)
    const perPage = pageParam(c.req.query('per_page'), 50, 1000)
    const total = Number(
      (await db.query<{ count: string }>('select count(*)::text as count from auth.users')).rows[0]!.count,
    )
    const { rows } = await db.query<{ id: string }>(
      'select id from auth.users order by created_at desc, id limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    )
    const users = []
    for (const row of rows) {
      const user = await findUserById(db, row.id)
      if (user) users.push(await userJson(db, user))
    }
    const lastPage = Math.max(1, Math.ceil(total / perPage))
    const link = (p: number, rel: string) =>
      `</auth/v1/admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`
    const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')]
    c.header('X-Total-Count', String(total))
    c.header('Link', links.join(', '))
    return c.json({ aud: 'authenticated', users })
  })

  auth.get('/admin/users/:id', async (c) => c.json(await userJson(db, await userParam(c))))

  auth.put('/admin/users/:id', async (c) => {
    const user = await userParam(c)
    const body = await readJsonBody(c)
    refuseUnsupported(body, ['password', 'email_confirm', 'user_metadata', 'app_metadata'])
    const password = body.password === undefined ? null : checkPasswordStrength(body.password)
    const passwordHash = password ? await services.passwords.hash(password) : null
    const userMetadata =
      body.user_metadata === undefined ? null : metadataOf(body.user_metadata, 'user_metadata')
    const appMetadata = body.app_metadata === undefined ? null : metadataOf(body.app_metadata, 'app_metadata')
    await db.transaction(async (tx) => {
      const current = (await findUserById(tx, user.id)) ?? user
      await tx.query(
        `update auth.users set encrypted_password = coalesce($2, encrypted_password),
           email_confirmed_at = case when $3::boolean then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
           raw_user_meta_data = $4::jsonb, raw_app_meta_data = $5::jsonb, updated_at = now()
         where id = $1`,
        [
          user.id,
          passwordHash,
          body.email_confirm === true,
          JSON.stringify(
            userMetadata
              ? mergeMetadata(current.raw_user_meta_data, userMetadata)
              : current.raw_user_meta_data,
          ),
          JSON.stringify(
            appMetadata ? mergeMetadata(current.raw_app_meta_data, appMetadata) : current.raw_app_meta_data,
          ),
        ],
      )
    })
    return c.json(await userJson(db, (await findUserById(db, user.id))!))
  })

  auth.delete('/admin/users/:id', async (c) => {
    const user = await userParam(c)
    const body = await readJsonBody(c)
    if (body.should_soft_delete === true)
      throw validationError('Soft delete is not supported by the local stack', 422)
    await db.query('delete from auth.users where id = $1', [user.id])
    services.ctx.sessions.ended()
    return c.json({})
  })
}
