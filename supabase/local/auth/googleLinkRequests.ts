// Linking Google sign-in to an account that already exists needs its owner's yes: the stand-in page
// proves nothing about who typed the address. A request waits here (hash of its one-time token, the
// Google identity to add, where to return) until the link in the email sent to that address is
// opened, once, before it expires. Stack-private: schema _local, which the API roles cannot reach.
import { randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { sha256Hex } from './emailTokens'
import type { PkceChallenge } from './requestBody'
import type { Json, Queryable } from './users'

export interface GoogleLinkRequest {
  userId: string
  identityData: Json
  redirectTo: string
  pkce: PkceChallenge | null
}

const schemaSql = `
create schema if not exists _local;
revoke all on schema _local from public;
create table if not exists _local.google_link_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_hash text not null unique,
  identity_data jsonb not null,
  redirect_to text not null,
  code_challenge text,
  code_challenge_method text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
`

export async function prepareGoogleLinkRequests(db: PGlite): Promise<void> {
  await db.exec(schemaSql)
}

/** Stores a request (replacing an older one for the same account) and returns the token for the link. */
export async function createGoogleLinkRequest(
  tx: Queryable,
  request: GoogleLinkRequest,
  lifetimeSeconds: number,
): Promise<string> {
  const token = randomBytes(28).toString('hex')
  await tx.query('delete from _local.google_link_requests where user_id = $1', [request.userId])
  await tx.query(
    `insert into _local.google_link_requests (user_id, token_hash, identity_data, redirect_to, code_challenge,
       code_challenge_method, expires_at)
     values ($1, $2, $3::jsonb, $4, $5, $6, now() + make_interval(secs => $7))`,
    [
      request.userId,
      sha256Hex(token),
      JSON.stringify(request.identityData),
      request.redirectTo,
      request.pkce?.challenge ?? null,
      request.pkce?.method ?? null,
      lifetimeSeconds,
    ],
  )
  return token
}

interface RequestRow {
  user_id: string
  identity_data: Json
  redirect_to: string
  code_challenge: string | null
  code_challenge_method: 's256' | 'plain' | null
}

/** Removes and returns the request of a link token; null when unknown, used or expired. */
export async function consumeGoogleLinkRequest(
  tx: Queryable,
  token: string,
): Promise<GoogleLinkRequest | null> {
  const { rows } = await tx.query<RequestRow>(
    `delete from _local.google_link_requests where token_hash = $1
     returning user_id, identity_data, redirect_to, code_challenge, code_challenge_method,
       expires_at > now() as usable`,
    [sha256Hex(token)],
  )
  const row = rows[0] as (RequestRow & { usable: boolean }) | undefined
  if (!row?.usable) return null
  return {
    userId: row.user_id,
    identityData: row.identity_data,
    redirectTo: row.redirect_to,
    pkce:
      row.code_challenge && row.code_challenge_method
        ? { challenge: row.code_challenge, method: row.code_challenge_method }
        : null,
  }
}
