// The PKCE flow (flowType 'pkce'): email links and the Google stand-in hand back ?code=, which only
// the client holding the code verifier can exchange (exchangeCodeForSession), once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { APP, latestMail, linkOf, openLink, pkceClient, uniqueEmail } from './authTestKit'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ passwordHashCost: 12, autoConfirm: false, googleStandIn: true })
})
afterAll(async () => {
  await stack.close()
})

function codeFrom(location: URL): string {
  expect(location.hash).toBe('')
  const code = location.searchParams.get('code')
  expect(code).toBeTruthy()
  return code!
}

describe('PKCE flow', () => {
  it('confirms a sign-up: the link returns ?code= and the code becomes a session', async () => {
    const email = uniqueEmail('pkce-signup')
    const { client, storage } = pkceClient(stack)
    const signUp = await client.auth.signUp({
      email,
      password: 'hunter22',
      options: { emailRedirectTo: `${APP}/auth/callback?next=%2Fhome` },
    })
    expect(signUp.error).toBeNull()
    expect([...storage.keys()].some((key) => key.endsWith('-code-verifier'))).toBe(true)

    const link = linkOf(await latestMail(stack, email))
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/)
    const location = await openLink(link)
    expect(location.searchParams.get('next')).toBe('/home')
    const code = codeFrom(location)

    const verifier = JSON.parse(storage.get('sb-127-auth-token-code-verifier')!) as string
    const { data, error } = await client.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
    expect((await client.auth.getUser()).data.user?.email_confirmed_at).toBeTruthy()

    // The code works once, even with the right verifier.
    const again = await fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
    })
    expect(again.status).toBe(404)
    expect(((await again.json()) as { code: string }).code).toBe('flow_state_not_found')
  })

  it('signs in with a magic link', async () => {
    const email = uniqueEmail('pkce-magic')
    const { client } = pkceClient(stack)
    await client.auth.signInWithOtp({ email, options: { emailRedirectTo: `${APP}/auth/callback` } })
    const code = codeFrom(await openLink(linkOf(await latestMail(stack, email))))
    const { data, error } = await client.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
  })

  it('marks a recovery exchange as a recovery', async () => {
    const email = uniqueEmail('pkce-recover')
    await stack.admin().auth.admin.createUser({ email, password: 'hunter22', email_confirm: true })
    const { client } = pkceClient(stack)
    const events: string[] = []
    client.auth.onAuthStateChange((event) => void events.push(event))
    await client.auth.resetPasswordForEmail(email, { redirectTo: `${APP}/create-password` })
    const code = codeFrom(await openLink(linkOf(await latestMail(stack, email))))
    const { data, error } = await client.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect((data as { redirectType?: string | null }).redirectType).toBe('recovery')
    expect(events).toContain('PASSWORD_RECOVERY')
    expect((await client.auth.updateUser({ password: 'brand-new-pass' })).error).toBeNull()
  })

  it('refuses a code exchanged with the wrong verifier', async () => {
    const email = uniqueEmail('pkce-wrong')
    const { client } = pkceClient(stack)
    await client.auth.signInWithOtp({ email })
    const code = codeFrom(await openLink(linkOf(await latestMail(stack, email))))

    // A different client has its own verifier (from its own request), which does not match.
    const { client: attacker } = pkceClient(stack)
    await attacker.auth.signInWithOtp({ email: uniqueEmail('pkce-attacker') })
    const stolen = await attacker.auth.exchangeCodeForSession(code)
    expect(stolen.error?.status).toBe(400)
    expect(stolen.error?.code).toBe('bad_code_verifier')

    const unknown = await client.auth.exchangeCodeForSession('00000000-0000-0000-0000-000000000000')
    expect(unknown.error?.code).toBe('flow_state_not_found')
  })

  it('signs in through the Google stand-in with ?code=', async () => {
    const { client } = pkceClient(stack)
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${APP}/auth/callback` },
    })
    const authorizeUrl = new URL(data.url!)
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('s256')
    const page = await fetch(authorizeUrl)
    expect(page.status).toBe(200)
    const state = /name="state" value="([^"]+)"/.exec(await page.text())![1]!
    const email = uniqueEmail('pkce-google')
    const location = await openLink(new URL('callback', authorizeUrl).href, {
      method: 'POST',
      body: new URLSearchParams({ state, email, name: 'Gigi', action: 'continue' }),
    })
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/auth/callback`)
    const { data: exchanged, error } = await client.auth.exchangeCodeForSession(codeFrom(location))
    expect(error).toBeNull()
    expect(exchanged.session?.user.email).toBe(email)
    expect(exchanged.session?.user.app_metadata.provider).toBe('google')
  })
})
