// Access tokens as Supabase Auth issues them: the claims supabase-js and row-level security read
// (sub, role, aud, email, session_id, aal, amr, ...), signed with the stack secret.
import { signJwt } from './keys'

export interface TokenUser {
  id: string
  email: string | null
  appMetadata?: Record<string, unknown>
  userMetadata?: Record<string, unknown>
}

export interface IssuedToken {
  accessToken: string
  expiresIn: number
  expiresAt: number
}

export async function issueAccessToken(
  options: { secret: string; issuer: string; expiresIn: number },
  user: TokenUser,
  sessionId: string,
  method: string = 'password',
): Promise<IssuedToken> {
  const now = Math.floor(Date.now() / 1000)
  const accessToken = await signJwt(
    options.secret,
    {
      iss: options.issuer,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email ?? '',
      phone: '',
      app_metadata: user.appMetadata ?? { provider: 'email', providers: ['email'] },
      user_metadata: user.userMetadata ?? {},
      aal: 'aal1',
      amr: [{ method, timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    },
    options.expiresIn,
  )
  return { accessToken, expiresIn: options.expiresIn, expiresAt: now + options.expiresIn }
}
