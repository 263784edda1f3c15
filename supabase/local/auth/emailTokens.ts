// One-time email tokens (confirmation, magic link, recovery) in auth.one_time_tokens: a long token for
// the link and a 6-digit code for verifyOtp. Only hashes are stored; a token works once, until it
// expires, and a newer token of the same kind replaces the older one.
import { createHash, randomBytes, randomInt } from 'node:crypto'
import type { PkceChallenge } from './requestBody'
import type { Queryable } from './users'

export type EmailTokenType = 'confirmation_token' | 'magiclink_token' | 'recovery_token'

export interface IssuedEmailToken {
  /** Goes into the link; prefixed pkce_ when the request carried a code challenge. */
  token: string
  otp: string
}

export interface ConsumedEmailToken {
  userId: string
  tokenType: EmailTokenType
  pkce: PkceChallenge | null
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

function otpHash(userId: string, otp: string): string {
  return sha256Hex(`${userId}:${otp}`)
}

export async function issueEmailToken(
  tx: Queryable,
  userId: string,
  tokenType: EmailTokenType,
  pkce: PkceChallenge | null,
  lifetimeSeconds: number,
): Promise<IssuedEmailToken> {
  const token = `${pkce ? 'pkce_' : ''}${randomBytes(28).toString('hex')}`
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    userId,
    tokenType,
  ])
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, otp_hash, code_challenge,
       code_challenge_method, expires_at)
     values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [
      userId,
      tokenType,
      sha256Hex(token),
      otpHash(userId, otp),
      pkce?.challenge ?? null,
      pkce?.method ?? null,
      lifetimeSeconds,
    ],
  )
  return { token, otp }
}

interface TokenRow {
  id: string
  user_id: string
  token_type: EmailTokenType
  code_challenge: string | null
  code_challenge_method: 's256' | 'plain' | null
}

async function consume(tx: Queryable, rows: TokenRow[]): Promise<ConsumedEmailToken | null> {
  const row = rows[0]
  if (!row) return null
  await tx.query('update auth.one_time_tokens set used_at = now() where id = $1', [row.id])
  return {
    userId: row.user_id,
    tokenType: row.token_type,
    pkce:
      row.code_challenge && row.code_challenge_method
        ? { challenge: row.code_challenge, method: row.code_challenge_method }
        : null,
  }
}

const selectUsable = `select id, user_id, token_type, code_challenge, code_challenge_method
  from auth.one_time_tokens
  where used_at is null and expires_at > now() and token_type = any($2::text[])`

/** Marks the link token used and returns it; null when unknown, used, expired or of another type. */
export async function consumeLinkToken(
  tx: Queryable,
  token: string,
  types: EmailTokenType[],
): Promise<ConsumedEmailToken | null> {
  const { rows } = await tx.query<TokenRow>(`${selectUsable} and token_hash = $1`, [sha256Hex(token), types])
  return consume(tx, rows)
}

/** Same for a 6-digit code typed by the user of `userId`. */
export async function consumeOtp(
  tx: Queryable,
  userId: string,
  otp: string,
  types: EmailTokenType[],
): Promise<ConsumedEmailToken | null> {
  const { rows } = await tx.query<TokenRow>(
    `${selectUsable} and user_id = $1 and otp_hash = $3 order by created_at desc limit 1`,
    [userId, types, otpHash(userId, otp)],
  )
  return consume(tx, rows)
}
