// PKCE: instead of tokens, a verified email link or the Google stand-in hands the browser an auth code
// (auth.flow_state). Only the client holding the code verifier whose hash is the stored challenge can
// exchange it, once, within a few minutes.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto'
import { AuthError, validationError } from './authError'
import type { PkceChallenge } from './requestBody'
import type { Queryable } from './users'

/** GoTrue's lifetime of an unexchanged auth code. */
const flowStateLifetimeSeconds = 300

export type AuthenticationMethod = 'email/signup' | 'magiclink' | 'recovery' | 'oauth'

export async function createFlowState(
  tx: Queryable,
  userId: string,
  pkce: PkceChallenge,
  method: AuthenticationMethod,
): Promise<string> {
  const authCode = randomUUID()
  await tx.query(
    `insert into auth.flow_state (user_id, auth_code, code_challenge, code_challenge_method, authentication_method)
     values ($1, $2, $3, $4, $5)`,
    [userId, authCode, pkce.challenge, pkce.method, method],
  )
  return authCode
}

function challengeOf(verifier: string, method: string): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url')
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

interface FlowRow {
  id: string
  user_id: string
  code_challenge: string
  code_challenge_method: string
  authentication_method: AuthenticationMethod
  expired: boolean
}

/** Checks the verifier and consumes the code; throws flow_state_not_found / _expired / bad_code_verifier. */
export async function exchangeAuthCode(
  tx: Queryable,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; method: AuthenticationMethod }> {
  if (!authCode || !verifier)
    throw validationError('invalid request: both auth code and code verifier should be non-empty')
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) {
    throw validationError('code verifier should be at least 43 characters and at most 128 characters')
  }
  const { rows } = await tx.query<FlowRow>(
    `select id, user_id, code_challenge, code_challenge_method, authentication_method,
       created_at < now() - make_interval(secs => $2) as expired
     from auth.flow_state where auth_code = $1 and used_at is null`,
    [authCode, flowStateLifetimeSeconds],
  )
  const flow = rows[0]
  if (!flow) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
  if (flow.expired) {
    await tx.query('delete from auth.flow_state where id = $1', [flow.id])
    throw new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired')
  }
  if (!sameText(challengeOf(verifier, flow.code_challenge_method), flow.code_challenge)) {
    throw new AuthError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    )
  }
  await tx.query('delete from auth.flow_state where id = $1', [flow.id])
  return { userId: flow.user_id, method: flow.authentication_method }
}
