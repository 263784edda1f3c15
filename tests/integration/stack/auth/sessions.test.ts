// Sessions with supabase-js: refresh-token rotation and reuse detection, sign-out scopes, the user
// endpoints (getUser after sign-out, updateUser with metadata, password and refused email change).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthApiError, AuthSessionMissingError } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../../support/stack'
import { uniqueEmail } from './authTestKit'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ passwordHashCost: 12, autoConfirm: true })
})
afterAll(async () => {
  await stack.close()
})

async function signedInUser(password = 'hunter22') {
  const email = uniqueEmail('session')
  const client = stack.client()
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { data: { username: 'sam' } },
  })
  expect(error).toBeNull()
  expect(data.session).not.toBeNull()
  return { email, client, session: data.session!, password }
}

describe('auto-confirmed sign-up', () => {
  it('returns a session right away', async () => {
    const { session, email, client } = await signedInUser()
    expect(session.user.email).toBe(email)
    expect(session.user.email_confirmed_at).toBeTruthy()
    expect(session.user.user_metadata).toEqual({ username: 'sam' })
    expect(session.refresh_token).toBeTruthy()
    const { data } = await client.auth.getUser()
    expect(data.user?.id).toBe(session.user.id)
    expect(await (await fetch(`${stack.url}/inbox/messages?to=${encodeURIComponent(email)}`)).json()).toEqual(
      [],
    )
  })

  it('refuses an already registered email: a session cannot be handed out, so this cannot be hidden', async () => {
    const { email } = await signedInUser()
    const { error } = await stack.client().auth.signUp({ email, password: 'another-pass' })
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('user_already_exists')
    expect(error?.message).toBe('User already registered')
  })
})

describe('refresh tokens', () => {
  it('rotate on every refresh and a reused token ends the session', async () => {
    const { client, session } = await signedInUser()
    const first = await client.auth.refreshSession()
    expect(first.error).toBeNull()
    const rotated = first.data.session!
    expect(rotated.refresh_token).not.toBe(session.refresh_token)
    expect(rotated.access_token).toBeTruthy()

    const second = await client.auth.refreshSession()
    expect(second.error).toBeNull()
    expect(second.data.session!.refresh_token).not.toBe(rotated.refresh_token)

    // The first token again: rejected as already used, and the whole session is ended.
    const thief = stack.client()
    const reuse = await thief.auth.refreshSession({ refresh_token: session.refresh_token })
    expect(reuse.data.session).toBeNull()
    expect(reuse.error?.status).toBe(400)
    expect(reuse.error?.code).toBe('refresh_token_already_used')
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used')

    const latest = await stack
      .client()
      .auth.refreshSession({ refresh_token: second.data.session!.refresh_token })
    expect(latest.error?.status).toBe(400)
    const { error } = await stack.client().auth.getUser(second.data.session!.access_token)
    expect(error).toBeInstanceOf(AuthSessionMissingError)
  })

  it('rejects unknown refresh tokens', async () => {
    const { error } = await stack.client().auth.refreshSession({ refresh_token: 'not-a-real-token' })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('refresh_token_not_found')
  })
})

describe('sign-out', () => {
  it('global scope revokes every session and its refresh tokens', async () => {
    const { email, client, session } = await signedInUser()
    const other = stack.client()
    const otherSignIn = await other.auth.signInWithPassword({ email, password: 'hunter22' })
    expect(otherSignIn.error).toBeNull()

    const { error } = await client.auth.signOut()
    expect(error).toBeNull()
    expect((await client.auth.getSession()).data.session).toBeNull()

    const refresh = await stack.client().auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refresh.error?.code).toBe('refresh_token_not_found')
    const otherUser = await other.auth.getUser()
    expect(otherUser.error).toBeInstanceOf(AuthSessionMissingError)
    expect(otherUser.data.user).toBeNull()
    expect((await other.auth.getSession()).data.session).toBeNull()
  })

  it('getUser with a token whose session is gone reports a missing session', async () => {
    const { client, session } = await signedInUser()
    await client.auth.signOut({ scope: 'local' })
    const { data, error } = await stack.client().auth.getUser(session.access_token)
    expect(data.user).toBeNull()
    expect(error).toBeInstanceOf(AuthSessionMissingError)
    const response = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${session.access_token}` },
    })
    expect(response.status).toBe(403)
    expect(((await response.json()) as { code: string }).code).toBe('session_not_found')
  })

  it('local and others scopes end only the right sessions', async () => {
    const { email, client: first } = await signedInUser()
    const second = stack.client()
    const third = stack.client()
    await second.auth.signInWithPassword({ email, password: 'hunter22' })
    await third.auth.signInWithPassword({ email, password: 'hunter22' })

    await second.auth.signOut({ scope: 'others' })
    expect((await second.auth.getUser()).error).toBeNull()
    expect((await first.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError)
    expect((await third.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError)

    const fourth = stack.client()
    await fourth.auth.signInWithPassword({ email, password: 'hunter22' })
    const secondToken = (await second.auth.getSession()).data.session!.access_token
    await second.auth.signOut({ scope: 'local' })
    expect((await stack.client().auth.getUser(secondToken)).error).toBeInstanceOf(AuthSessionMissingError)
    expect((await fourth.auth.getUser()).error).toBeNull()
  })

  it('refuses getUser without a user token', async () => {
    const response = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
    })
    expect(response.status).toBe(403)
    const noBearer = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.anonKey } })
    expect(noBearer.status).toBe(401)
    const { error } = await stack.client().auth.getUser('abc.def.ghi')
    expect(error?.status).toBe(403)
    expect(error?.code).toBe('bad_jwt')
  })
})

describe('updateUser', () => {
  it('merges data into user_metadata (null removes a key)', async () => {
    const { client } = await signedInUser()
    const first = await client.auth.updateUser({ data: { display_name: 'Sam', bio: 'hi' } })
    expect(first.error).toBeNull()
    expect(first.data.user?.user_metadata).toEqual({ username: 'sam', display_name: 'Sam', bio: 'hi' })
    const second = await client.auth.updateUser({ data: { bio: null } })
    expect(second.data.user?.user_metadata).toEqual({ username: 'sam', display_name: 'Sam' })
    const claims = JSON.parse(
      Buffer.from(
        (await client.auth.refreshSession()).data.session!.access_token.split('.')[1]!,
        'base64url',
      ).toString(),
    ) as { user_metadata: unknown }
    expect(claims.user_metadata).toEqual({ username: 'sam', display_name: 'Sam' })
  })

  it('changes the password, refuses the same or a weak one, and ends the other sessions', async () => {
    const { email, client } = await signedInUser('old-password')
    const elsewhere = stack.client()
    await elsewhere.auth.signInWithPassword({ email, password: 'old-password' })

    const same = await client.auth.updateUser({ password: 'old-password' })
    expect(same.error?.status).toBe(422)
    expect(same.error?.code).toBe('same_password')
    const weak = await client.auth.updateUser({ password: 'abc' })
    expect(weak.error?.code).toBe('weak_password')

    const changed = await client.auth.updateUser({ password: 'new-password' })
    expect(changed.error).toBeNull()
    expect((await client.auth.getUser()).error).toBeNull()
    expect((await elsewhere.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError)

    expect(
      (await stack.client().auth.signInWithPassword({ email, password: 'old-password' })).error?.code,
    ).toBe('invalid_credentials')
    expect(
      (await stack.client().auth.signInWithPassword({ email, password: 'new-password' })).error,
    ).toBeNull()
  })

  it('refuses an email change clearly', async () => {
    const { client, email } = await signedInUser()
    const { error } = await client.auth.updateUser({ email: uniqueEmail('new') })
    expect(error?.status).toBe(422)
    expect(error?.message).toMatch(/email address is not supported/)
    expect((await client.auth.getUser()).data.user?.email).toBe(email)
  })
})
