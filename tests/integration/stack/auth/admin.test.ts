// The admin API through supabase-js auth.admin.*: only the service-role key may use it; deleting an
// auth user removes its product rows through the schema's cascades.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { uniqueEmail } from './authTestKit'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ passwordHashCost: 12, autoConfirm: false })
})
afterAll(async () => {
  await stack.close()
})

describe('admin API with the service-role key', () => {
  it('creates a confirmed user who can sign in, and reads it back', async () => {
    const admin = stack.admin()
    const email = uniqueEmail('admin-made')
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: 'hunter22',
      email_confirm: true,
      user_metadata: { display_name: 'Ada' },
    })
    expect(error).toBeNull()
    const user = data.user!
    expect(user.email).toBe(email)
    expect(user.email_confirmed_at).toBeTruthy()
    expect(user.user_metadata).toEqual({ display_name: 'Ada' })

    const fetched = await admin.auth.admin.getUserById(user.id)
    expect(fetched.data.user?.id).toBe(user.id)
    expect((await stack.client().auth.signInWithPassword({ email, password: 'hunter22' })).error).toBeNull()

    const duplicate = await admin.auth.admin.createUser({ email, password: 'hunter22' })
    expect(duplicate.error?.status).toBe(422)
    expect(duplicate.error?.code).toBe('email_exists')
  })

  it('creates an unconfirmed user when email_confirm is not set', async () => {
    const email = uniqueEmail('admin-unconfirmed')
    const { data } = await stack.admin().auth.admin.createUser({ email, password: 'hunter22' })
    expect(data.user?.email_confirmed_at).toBeUndefined()
    const signIn = await stack.client().auth.signInWithPassword({ email, password: 'hunter22' })
    expect(signIn.error?.code).toBe('email_not_confirmed')
    const updated = await stack.admin().auth.admin.updateUserById(data.user!.id, { email_confirm: true })
    expect(updated.data.user?.email_confirmed_at).toBeTruthy()
    expect((await stack.client().auth.signInWithPassword({ email, password: 'hunter22' })).error).toBeNull()
  })

  it('lists users page by page', async () => {
    const admin = stack.admin()
    for (let i = 0; i < 3; i++) await admin.auth.admin.createUser({ email: uniqueEmail('listed') })
    const { rows } = await stack.db.query<{ count: number }>('select count(*)::int as count from auth.users')
    const total = rows[0]!.count
    const first = await admin.auth.admin.listUsers({ page: 1, perPage: 2 })
    expect(first.error).toBeNull()
    if (!('total' in first.data)) throw new Error('listUsers returned no pagination')
    expect(first.data.users).toHaveLength(2)
    expect(first.data.total).toBe(total)
    expect(first.data.nextPage).toBe(2)
    const second = await admin.auth.admin.listUsers({ page: 2, perPage: 2 })
    expect(second.data.users[0]?.id).not.toBe(first.data.users[0]?.id)
    const all = await admin.auth.admin.listUsers()
    expect(all.data.users).toHaveLength(total)
  })

  it('deletes a user, its sessions and its product rows', async () => {
    const admin = stack.admin()
    const email = uniqueEmail('doomed')
    const { data } = await admin.auth.admin.createUser({ email, password: 'hunter22', email_confirm: true })
    const id = data.user!.id
    await stack.db.query('insert into public.profiles (id, username) values ($1, $2)', [
      id,
      `doomed_${id.slice(0, 6)}`,
    ])
    const signIn = await stack.client().auth.signInWithPassword({ email, password: 'hunter22' })
    const token = signIn.data.session!.access_token

    const deleted = await admin.auth.admin.deleteUser(id)
    expect(deleted.error).toBeNull()
    expect(deleted.data.user?.id).toBe(id)

    expect((await admin.auth.admin.getUserById(id)).error?.status).toBe(404)
    expect((await stack.db.query('select 1 from public.profiles where id = $1', [id])).rows).toHaveLength(0)
    expect((await stack.db.query('select 1 from auth.sessions where user_id = $1', [id])).rows).toHaveLength(
      0,
    )
    expect((await stack.client().auth.getUser(token)).data.user).toBeNull()
    expect((await stack.client().auth.signInWithPassword({ email, password: 'hunter22' })).error?.code).toBe(
      'invalid_credentials',
    )
  })
})

describe('admin API refusals', () => {
  it('refuses the anon key and user tokens', async () => {
    const anon = await stack
      .client()
      .auth.admin.createUser({ email: uniqueEmail('nope'), password: 'hunter22' })
    expect(anon.error?.status).toBe(403)
    expect(anon.error?.code).toBe('not_admin')

    const email = uniqueEmail('plain')
    await stack.admin().auth.admin.createUser({ email, password: 'hunter22', email_confirm: true })
    const { data } = await stack.client().auth.signInWithPassword({ email, password: 'hunter22' })
    const asUser = await fetch(`${stack.url}/auth/v1/admin/users`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${data.session!.access_token}` },
    })
    expect(asUser.status).toBe(403)

    const noKey = await fetch(`${stack.url}/auth/v1/admin/users`)
    expect(noKey.status).toBe(401)
    const badKey = await fetch(`${stack.url}/auth/v1/admin/users`, { headers: { apikey: 'not-a-key' } })
    expect(badKey.status).toBe(401)
    const { rows } = await stack.db.query("select 1 from auth.users where email like 'nope-%'")
    expect(rows).toHaveLength(0)
  })
})
