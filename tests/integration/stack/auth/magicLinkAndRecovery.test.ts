// Magic link (link and 6-digit code) and password recovery through the local inbox, with the
// unmodified supabase-js client in its default implicit flow; links are single use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { APP, codeOf, fragmentOf, inbox, latestMail, linkOf, openLink, uniqueEmail } from './authTestKit'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ passwordHashCost: 12, autoConfirm: false })
})
afterAll(async () => {
  await stack.close()
})

async function confirmedUser(password = 'hunter22') {
  const email = uniqueEmail('user')
  const created = await stack.admin().auth.admin.createUser({ email, password, email_confirm: true })
  expect(created.error).toBeNull()
  return { email, id: created.data.user!.id, password }
}

describe('magic link', () => {
  it('creates the user, emails a link and a code, and the link signs in once', async () => {
    const email = uniqueEmail('magic')
    const client = stack.client()
    const { data, error } = await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: `${APP}/auth/callback`, data: { username: 'magda' } },
    })
    expect(error).toBeNull()
    expect(data).toEqual({ user: null, session: null })

    const mail = await latestMail(stack, email)
    expect(mail.subject).toBe('Your Moori sign-in link')
    expect(mail.text).toContain('Moori')
    expect(codeOf(mail)).toMatch(/^\d{6}$/)
    expect(mail.html).toContain('href="')

    const location = await openLink(linkOf(mail))
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/auth/callback`)
    const fragment = fragmentOf(location)
    expect(fragment.get('type')).toBe('magiclink')
    const session = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    expect(session.error).toBeNull()
    expect(session.data.user?.email).toBe(email)
    expect(session.data.user?.email_confirmed_at).toBeTruthy()
    expect(session.data.user?.user_metadata).toEqual({ username: 'magda' })

    // Used once: the same link now ends in the error fragment.
    const again = await openLink(linkOf(mail))
    const error2 = fragmentOf(again)
    expect(error2.get('error')).toBe('access_denied')
    expect(error2.get('error_code')).toBe('otp_expired')
    expect(error2.get('error_description')).toBe('Email link is invalid or has expired')
    expect(again.hash).toContain('error_description=Email+link+is+invalid+or+has+expired')
    expect(error2.get('access_token')).toBeNull()
  })

  it('signs in with the 6-digit code through verifyOtp, once', async () => {
    const { email, id } = await confirmedUser()
    const client = stack.client()
    await client.auth.signInWithOtp({ email })
    const code = codeOf(await latestMail(stack, email))

    const wrong = await stack
      .client()
      .auth.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'email' })
    expect(wrong.error?.status).toBe(403)
    expect(wrong.error?.code).toBe('otp_expired')

    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' })
    expect(error).toBeNull()
    expect(data.session?.user.id).toBe(id)
    expect((await client.auth.getUser()).data.user?.id).toBe(id)

    const reused = await stack.client().auth.verifyOtp({ email, token: code, type: 'magiclink' })
    expect(reused.error?.code).toBe('otp_expired')
  })

  it('verifies a token hash through verifyOtp', async () => {
    const { email, id } = await confirmedUser()
    await stack.client().auth.signInWithOtp({ email })
    const tokenHash = new URL(linkOf(await latestMail(stack, email))).searchParams.get('token')!
    const { data, error } = await stack.client().auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' })
    expect(error).toBeNull()
    expect(data.session?.user.id).toBe(id)
  })

  it('does not create users when shouldCreateUser is false, and answers as for a registered email', async () => {
    const email = uniqueEmail('nocreate')
    const { error } = await stack.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
    expect(error).toBeNull()
    expect(await inbox(stack, email)).toEqual([])
    const { rows } = await stack.db.query('select 1 from auth.users where email = $1', [email])
    expect(rows).toHaveLength(0)
  })

  it('refuses a link of another type and an unknown token', async () => {
    const { email } = await confirmedUser()
    await stack.client().auth.signInWithOtp({ email })
    const link = new URL(linkOf(await latestMail(stack, email)))
    link.searchParams.set('type', 'recovery')
    expect(fragmentOf(await openLink(link.href)).get('error_code')).toBe('otp_expired')
    link.searchParams.set('type', 'magiclink')
    link.searchParams.set('token', 'deadbeef')
    expect(fragmentOf(await openLink(link.href)).get('error_code')).toBe('otp_expired')
  })
})

describe('password recovery', () => {
  it('emails a recovery link; the session it gives can set a new password', async () => {
    const { email } = await confirmedUser('old-secret')
    const client = stack.client()
    const { data, error } = await client.auth.resetPasswordForEmail(email, {
      redirectTo: `${APP}/create-password`,
    })
    expect(error).toBeNull()
    expect(data).toEqual({})

    const mail = await latestMail(stack, email)
    expect(mail.subject).toBe('Reset your Moori password')
    const location = await openLink(linkOf(mail))
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/create-password`)
    const fragment = fragmentOf(location)
    expect(fragment.get('type')).toBe('recovery')

    const events: string[] = []
    client.auth.onAuthStateChange((event) => void events.push(event))
    const session = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    expect(session.error).toBeNull()
    expect(session.data.user?.recovery_sent_at).toBeTruthy()

    const updated = await client.auth.updateUser({ password: 'new-secret' })
    expect(updated.error).toBeNull()
    expect(events).toContain('USER_UPDATED')

    const old = await stack.client().auth.signInWithPassword({ email, password: 'old-secret' })
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await stack.client().auth.signInWithPassword({ email, password: 'new-secret' })
    expect(fresh.error).toBeNull()
  })

  it('answers the same for unknown emails and sends nothing', async () => {
    const email = uniqueEmail('ghost')
    const response = await fetch(`${stack.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({})
    expect(await inbox(stack, email)).toEqual([])
    const { error } = await stack.client().auth.resetPasswordForEmail(email)
    expect(error).toBeNull()
  })

  it('a recovery link confirms an unconfirmed account too', async () => {
    const email = uniqueEmail('late')
    await stack.client().auth.signUp({ email, password: 'hunter22' })
    await stack.client().auth.resetPasswordForEmail(email)
    const location = await openLink(linkOf(await latestMail(stack, email)))
    expect(fragmentOf(location).get('type')).toBe('recovery')
    expect((await stack.client().auth.signInWithPassword({ email, password: 'hunter22' })).error).toBeNull()
  })
})
