// The body GoTrue returns for every sign-in (token grants, autoconfirmed sign-up, POST /verify):
// access token, rotated refresh token, expires_in/expires_at and the user. supabase-js only treats it
// as a session when access_token, refresh_token and expires_in are all present.
import { issueAccessToken } from '../accessToken'
import { AuthError } from './authError'
import { issuerOf, type AuthServices } from './authServices'
import type { SessionGrant } from './sessions'
import { findUserById, userJson, type Json } from './users'

export interface TokenResponse extends Json {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Json
}

export async function tokenResponse(services: AuthServices, grant: SessionGrant): Promise<TokenResponse> {
  const { ctx, db } = services
  const user = await findUserById(db, grant.userId)
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
  const token = await issueAccessToken(
    { secret: ctx.config.jwtSecret, issuer: issuerOf(ctx), expiresIn: ctx.config.jwtExpiry },
    {
      id: user.id,
      email: user.email,
      appMetadata: user.raw_app_meta_data,
      userMetadata: user.raw_user_meta_data,
    },
    grant.sessionId,
    grant.method,
  )
  return {
    access_token: token.accessToken,
    token_type: 'bearer',
    expires_in: token.expiresIn,
    expires_at: token.expiresAt,
    refresh_token: grant.refreshToken,
    user: await userJson(db, user),
  }
}

/** The implicit-flow redirect fragment built from a token response. */
export function fragmentOf(response: TokenResponse, type?: string): Record<string, string> {
  const params: Record<string, string> = {
    access_token: response.access_token,
    expires_at: String(response.expires_at),
    expires_in: String(response.expires_in),
    refresh_token: response.refresh_token,
    token_type: 'bearer',
  }
  if (type) params.type = type
  return params
}
