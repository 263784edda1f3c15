// Google sign-in through the local stand-in (switched on here; off by default: tests/security), as a browser
// does it: supabase-js builds the authorize URL, the consent page (clearly not Google) is fetched and
// its form submitted, and the 303 back to the app carries the session in the fragment. An address
// that already has an account is only linked once its owner opens the link emailed to them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { APP, fragmentOf, latestMail, linkOf, openLink, uniqueEmail } from './authTestKit'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ passwordHashCost: 12, autoConfirm: false, googleStandIn: true })
})
afterAll(async () => {
  await stack.close()
})

async function consent(redirectTo = `${APP}/auth/callback`) {
  const { data, error } = await stack
    .client()
    .auth.signInWithOAuth({ provider: 'google', options: { redirectTo } })
  expect(error).toBeNull()
  const url = new URL(data.url!)
  const page = await fetch(url)
  expect(page.status).toBe(200)
  const html = await page.text()
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1]
  expect(state).toBeTruthy()
  return { url, html, page, state: state! }
}

async function submit(url: URL, fields: Record<string, string>, expectStatus = 303): Promise<Response> {
  const response = await fetch(new URL('callback', url), {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
  expect(response.status).toBe(expectStatus)
  return response
}

describe('Google stand-in', () => {
  it('shows a consent page labelled as a local stand-in, with accessible fields', async () => {
    const { html, page } = await consent()
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(html).toContain('not Google')
    expect(html).toMatch(/local stand-in/i)
    expect(html).toContain('<label for="email">')
    expect(html).toMatch(/<input id="email" name="email" type="email" required/)
    expect(html).toContain('<label for="name">Name (optional)</label>')
    expect(html).toContain('<html lang="en">')
    expect(html).toContain(APP.replace('http://', ''))
  })

  it('creates a Google user and returns a session in the fragment', async () => {
    const { url, state } = await consent()
    const email = uniqueEmail('google')
    const response = await submit(url, { state, email, name: 'Gina <b>G</b>', action: 'continue' })
    const location = new URL(response.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/auth/callback`)
    const fragment = fragmentOf(location)
    for (const key of ['access_token', 'refresh_token', 'expires_in', 'expires_at'])
      expect(fragment.get(key)).toBeTruthy()
    expect(fragment.get('token_type')).toBe('bearer')

    const client = stack.client()
    const { data, error } = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    expect(error).toBeNull()
    const user = data.user!
    expect(user.email).toBe(email)
    expect(user.email_confirmed_at).toBeTruthy()
    expect(user.app_metadata).toEqual({ provider: 'google', providers: ['google'] })
    expect(user.user_metadata.full_name).toBe('Gina <b>G</b>')
    expect(user.identities?.map((i) => i.provider)).toEqual(['google'])

    // Signing in again with the same email reaches the same user.
    const second = await consent()
    const again = await submit(second.url, { state: second.state, email, action: 'continue' })
    const token = fragmentOf(new URL(again.headers.get('location')!)).get('access_token')!
    expect((await stack.client().auth.getUser(token)).data.user?.id).toBe(user.id)
  })

  it('links an existing email account only after its owner confirms by email', async () => {
    const email = uniqueEmail('linked')
    const created = await stack
      .admin()
      .auth.admin.createUser({ email, password: 'hunter22', email_confirm: true })
    const { url, state } = await consent()
    const response = await submit(url, { state, email, action: 'continue' }, 200)
    const page = await response.text()
    expect(page).toContain('Check your email')
    expect(response.headers.get('location')).toBeNull()
    const { data: before } = await stack.admin().auth.admin.getUserById(created.data.user!.id)
    expect(before.user?.identities?.map((i) => i.provider)).toEqual(['email'])

    const mail = await latestMail(stack, email)
    expect(mail.subject).toBe('Link Google sign-in to your Moori account?')
    const location = await openLink(linkOf(mail))
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/auth/callback`)
    const token = fragmentOf(location).get('access_token')!
    const { data } = await stack.client().auth.getUser(token)
    expect(data.user?.id).toBe(created.data.user?.id)
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email', 'google'] })
    expect(data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'google'])
    expect((await stack.client().auth.signInWithPassword({ email, password: 'hunter22' })).error).toBeNull()
    // The link works once; afterwards the stand-in signs in to the linked account directly.
    expect(fragmentOf(await openLink(linkOf(mail))).get('error_code')).toBe('otp_expired')
    const again = await consent()
    const direct = await submit(again.url, { state: again.state, email, action: 'continue' })
    expect(fragmentOf(new URL(direct.headers.get('location')!)).get('access_token')).toBeTruthy()
  })

  it('drops the password of an unconfirmed account once the address owner links it', async () => {
    const email = uniqueEmail('squatted')
    await stack.client().auth.signUp({ email, password: 'squatter-pass' })
    const { url, state } = await consent()
    await submit(url, { state, email, action: 'continue' }, 200)
    await openLink(linkOf(await latestMail(stack, email)))
    const squatter = await stack.client().auth.signInWithPassword({ email, password: 'squatter-pass' })
    expect(squatter.error?.code).toBe('invalid_credentials')
  })

  it('cancel returns an access_denied error to the app', async () => {
    const { url, state } = await consent()
    const response = await submit(url, { state, action: 'cancel' })
    const fragment = fragmentOf(new URL(response.headers.get('location')!))
    expect(fragment.get('error')).toBe('access_denied')
    expect(fragment.get('access_token')).toBeNull()
  })

  it('re-renders the form for an invalid email, escaped', async () => {
    const { url, state } = await consent()
    const response = await submit(url, { state, email: '"><script>x</script>', action: 'continue' }, 400)
    const html = await response.text()
    expect(html).toContain('role="alert"')
    expect(html).not.toContain('<script>x')
    expect(html).toContain('&quot;&gt;&lt;script&gt;')
  })

  it('refuses a forged or tampered state', async () => {
    const { url, state } = await consent()
    const [payload, signature] = state.split('.')
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>
    forged.redirectTo = 'https://evil.example.com/'
    const tampered = `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`
    await submit(url, { state: tampered, email: uniqueEmail('forged'), action: 'continue' }, 400)
    await submit(url, { state: 'nonsense', email: uniqueEmail('forged'), action: 'continue' }, 400)
  })

  it('never redirects to a foreign origin', async () => {
    const { url, state } = await consent('https://evil.example.com/steal')
    const response = await submit(url, { state, email: uniqueEmail('safe'), action: 'continue' })
    expect(new URL(response.headers.get('location')!).origin).toBe('http://localhost:4173')
  })

  it('refuses other providers with a clear error', async () => {
    const { data } = await stack.client().auth.signInWithOAuth({ provider: 'github' })
    const response = await fetch(data.url!, { redirect: 'manual' })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { code: string; message: string }
    expect(body.code).toBe('validation_failed')
    expect(body.message).toMatch(/Unsupported provider: github/)
  })

  it('advertises google in the settings', async () => {
    const response = await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.anonKey } })
    const settings = (await response.json()) as {
      external: Record<string, boolean>
      mailer_autoconfirm: boolean
    }
    expect(settings.external.google).toBe(true)
    expect(settings.external.email).toBe(true)
    expect(settings.external.github).toBe(false)
    expect(settings.mailer_autoconfirm).toBe(false)
    const health = await fetch(`${stack.url}/auth/v1/health`, { headers: { apikey: stack.anonKey } })
    expect(health.status).toBe(200)
  })
})
