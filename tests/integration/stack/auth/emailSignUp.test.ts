// Sign-up with email confirmation (the default) and password sign-in, driven by supabase-js and the
// local inbox: the confirmation link is opened like a browser would and its fragment becomes a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthApiError, AuthWeakPasswordError, isAuthApiError } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../../support/stack'
import { APP, codeOf, fragmentOf, inbox, latestMail, linkOf, openLink, uniqueEmail } from './authTestKit'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ autoConfirm: false })
})
afterAll(async () => {
  await stack.close()
})

describe('sign-up with email confirmation', () => {
  it('returns the bare user, emails a link, and the link signs the user in', async () => {
    const email = uniqueEmail('confirm')
    const client = stack.client()
    const { data, error } = await client.auth.signUp({
      email,
      password: 'hunter22',
      options: { data: { username: 'confirmer' }, emailRedirectTo: `${APP}/welcome` },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.confirmation_sent_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.user?.user_metadata).toEqual({ username: 'confirmer' })
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(data.user?.identities?.[0]?.provider).toBe('email')

    const mail = await latestMail(stack, email)
    expect(mail.subject).toMatch(/Confirm your Moori account/)
    expect(mail.text).toMatch(/Moori/)
    expect(linkOf(mail)).toContain(`${stack.url}/auth/v1/verify?`)
    expect(codeOf(mail)).toMatch(/^\d{6}$/)

    const location = await openLink(linkOf(mail))
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/welcome`)
    const fragment = fragmentOf(location)
    expect(fragment.get('type')).toBe('signup')
    expect(fragment.get('token_type')).toBe('bearer')
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(90)
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000)

    const session = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    expect(session.error).toBeNull()
    expect(session.data.user?.email).toBe(email)
    expect(session.data.user?.email_confirmed_at).toBeTruthy()
    expect(session.data.user?.confirmed_at).toBe(session.data.user?.email_confirmed_at)

    const signIn = await stack.client().auth.signInWithPassword({ email, password: 'hunter22' })
    expect(signIn.error).toBeNull()
    expect(signIn.data.session?.user.id).toBe(data.user?.id)
    expect(signIn.data.user?.last_sign_in_at).toBeTruthy()
  })

  it('refuses password sign-in until the email is confirmed', async () => {
    const email = uniqueEmail('unconfirmed')
    await stack.client().auth.signUp({ email, password: 'hunter22' })
    const { data, error } = await stack.client().auth.signInWithPassword({ email, password: 'hunter22' })
    expect(data.session).toBeNull()
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('email_not_confirmed')
    expect(error?.message).toBe('Email not confirmed')
  })

  it('sends a new confirmation when an unconfirmed address signs up again, without changing it', async () => {
    const email = uniqueEmail('again')
    const first = await stack.client().auth.signUp({ email, password: 'first-pass' })
    const second = await stack.client().auth.signUp({ email, password: 'other-pass' })
    expect(second.error).toBeNull()
    expect(second.data.user?.id).toBe(first.data.user?.id)
    const mails = await inbox(stack, email)
    expect(mails).toHaveLength(2)
    // The older link was replaced by the newer one.
    const stale = await openLink(linkOf(mails[1]!))
    expect(fragmentOf(stale).get('error_code')).toBe('otp_expired')
    await openLink(linkOf(mails[0]!))
    const signIn = await stack.client().auth.signInWithPassword({ email, password: 'first-pass' })
    expect(signIn.error).toBeNull()
    const other = await stack.client().auth.signInWithPassword({ email, password: 'other-pass' })
    expect(other.error?.code).toBe('invalid_credentials')
  })

  it('sends the browser to the site root when no redirect is given, and ignores foreign redirects', async () => {
    const email = uniqueEmail('root')
    await stack.client().auth.signUp({ email, password: 'hunter22' })
    const location = await openLink(linkOf(await latestMail(stack, email)))
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:4173/')

    const evil = uniqueEmail('evil')
    await stack.client().auth.signUp({
      email: evil,
      password: 'hunter22',
      options: { emailRedirectTo: 'https://evil.example.com/steal' },
    })
    const fallback = await openLink(linkOf(await latestMail(stack, evil)))
    expect(fallback.origin).toBe('http://localhost:4173')
    expect(fragmentOf(fallback).get('access_token')).toBeTruthy()
  })
})

describe('password sign-in', () => {
  it('signs in a confirmed user and rejects a wrong password', async () => {
    const email = uniqueEmail('signin')
    await stack.client().auth.signUp({ email, password: 'correct-horse' })
    await openLink(linkOf(await latestMail(stack, email)))

    const wrong = await stack.client().auth.signInWithPassword({ email, password: 'wrong-horse' })
    expect(wrong.data.session).toBeNull()
    expect(isAuthApiError(wrong.error)).toBe(true)
    expect(wrong.error?.status).toBe(400)
    expect(wrong.error?.code).toBe('invalid_credentials')
    expect(wrong.error?.message).toBe('Invalid login credentials')

    const unknown = await stack
      .client()
      .auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'x1234567' })
    expect(unknown.error?.code).toBe('invalid_credentials')

    const client = stack.client()
    const ok = await client.auth.signInWithPassword({ email: email.toUpperCase(), password: 'correct-horse' })
    expect(ok.error).toBeNull()
    const session = ok.data.session!
    expect(session.token_type).toBe('bearer')
    expect(session.expires_in).toBe(3600)
    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: ok.data.user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      aal: 'aal1',
      session_id: expect.any(String) as unknown,
      is_anonymous: false,
    })
    const { data: user } = await client.auth.getUser()
    expect(user.user?.email).toBe(email)
  })
})

describe('sign-up validation', () => {
  it('reports weak passwords with reasons', async () => {
    const { data, error } = await stack
      .client()
      .auth.signUp({ email: uniqueEmail('weak'), password: '12345' })
    expect(data.user).toBeNull()
    expect(error).toBeInstanceOf(AuthWeakPasswordError)
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('weak_password')
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length'])
    expect(error?.message).toBe('Password should be at least 6 characters.')
  })

  it('answers a sign-up for a registered email like a new one, changes nothing and tells the owner', async () => {
    const email = uniqueEmail('taken')
    const created = await stack.client().auth.signUp({ email, password: 'hunter22' })
    await openLink(linkOf(await latestMail(stack, email)))
    const again = await stack.client().auth.signUp({ email, password: 'another-pass' })
    const fresh = await stack.client().auth.signUp({ email: uniqueEmail('fresh'), password: 'another-pass' })
    expect(again.error).toBeNull()
    expect(again.data.session).toBeNull()
    const shape = (user: typeof again.data.user) =>
      JSON.stringify(user, (key, value: unknown) =>
        typeof value === 'string' && key !== 'provider' ? typeof value : value,
      )
    expect(shape(again.data.user)).toBe(shape(fresh.data.user))
    expect(again.data.user?.id).not.toBe(created.data.user?.id)
    expect((await latestMail(stack, email)).subject).toBe('You already have a Moori account')
    expect((await stack.client().auth.signInWithPassword({ email, password: 'hunter22' })).error).toBeNull()
    expect((await stack.client().auth.signInWithPassword({ email, password: 'another-pass' })).error?.code).toBe(
      'invalid_credentials',
    )
  })

  it('refuses an invalid email and writes nothing', async () => {
    const { error } = await stack.client().auth.signUp({ email: 'not-an-email', password: 'hunter22' })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('validation_failed')
    const { rows } = await stack.db.query("select 1 from auth.users where email = 'not-an-email'")
    expect(rows).toHaveLength(0)
  })

  it('answers errors in GoTrue shape with the API-version header', async () => {
    const response = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('shape'), password: 'whatever1' }),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version')
    expect(await response.json()).toEqual({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      message: 'Invalid login credentials',
      msg: 'Invalid login credentials',
    })
  })

  it('stores passwords only as salted scrypt hashes', async () => {
    const email = uniqueEmail('hash')
    await stack.client().auth.signUp({ email, password: 'hunter22' })
    const { rows } = await stack.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where email = $1',
      [email],
    )
    // The default cost (no passwordHashCost in this file's config): N = 2^15.
    expect(rows[0]?.encrypted_password).toMatch(/^scrypt\$N=32768,r=8,p=1\$[^$]+\$[^$]+$/)
    expect(rows[0]?.encrypted_password).not.toContain('hunter22')
  })
})
