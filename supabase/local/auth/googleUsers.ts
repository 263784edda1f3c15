// Users signing in through the Google stand-in: a "google" identity keyed by a stable fake Google id
// derived from the email. The stand-in proves nothing (anyone can type any address), so it signs in
// only to accounts that are Google's already: ones it created, or ones whose owner agreed by email to
// link Google (linkGoogleIdentity, called when that email's link is opened). Linking confirms the
// address; an account that was never confirmed loses its password then, since nobody proved owning it.
import { createHash, randomUUID } from 'node:crypto'
import { findUserByEmail, insertIdentity, type Json, type Queryable, type UserRow } from './users'

/** A numeric id like Google's `sub`, the same for the same email on every run. */
function googleSubOf(email: string): string {
  const digest = createHash('sha256').update(`moori-local-google:${email}`).digest('hex')
  return BigInt(`0x${digest.slice(0, 18)}`)
    .toString()
    .padStart(21, '1')
    .slice(0, 21)
}

function googleIdentityData(email: string, name: string | null): Json {
  const sub = googleSubOf(email)
  return {
    iss: 'local-google-stand-in',
    sub,
    provider_id: sub,
    email,
    email_verified: true,
    phone_verified: false,
    ...(name ? { name, full_name: name } : {}),
  }
}

export type GoogleSignIn =
  | { kind: 'signedIn'; userId: string }
  /** The address belongs to an account without Google: only its owner may link it. */
  | { kind: 'ownerMustConfirm'; user: UserRow; identityData: Json }

export async function signInGoogleUser(
  tx: Queryable,
  email: string,
  name: string | null,
): Promise<GoogleSignIn> {
  const identityData = googleIdentityData(email, name)
  const { rows: identities } = await tx.query<{ user_id: string }>(
    `update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now()
     where provider = 'google' and provider_id = $1 returning user_id`,
    [identityData.sub, JSON.stringify(identityData)],
  )
  if (identities[0]) return { kind: 'signedIn', userId: identities[0].user_id }

  const existing = await findUserByEmail(tx, email)
  if (existing) return { kind: 'ownerMustConfirm', user: existing, identityData }

  const id = randomUUID()
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(),
       '{"provider":"google","providers":["google"]}'::jsonb, $3::jsonb)`,
    [id, email, JSON.stringify(identityData)],
  )
  await insertIdentity(tx, id, 'google', String(identityData.sub), identityData)
  return { kind: 'signedIn', userId: id }
}

/** Adds the Google identity to an account whose owner just confirmed by email. */
export async function linkGoogleIdentity(tx: Queryable, userId: string, identityData: Json): Promise<void> {
  const { rows } = await tx.query<{ raw_app_meta_data: Json }>(
    'select raw_app_meta_data from auth.users where id = $1 for update',
    [userId],
  )
  const appMeta = rows[0]?.raw_app_meta_data
  if (!appMeta) return
  const current: unknown = appMeta.providers
  const providers = Array.isArray(current) ? current.filter((p): p is string => typeof p === 'string') : []
  const appMetadata = {
    provider: appMeta.provider ?? 'google',
    providers: [...new Set([...providers, 'google'])],
  }
  await tx.query(
    `update auth.users set raw_app_meta_data = raw_app_meta_data || $2::jsonb,
       raw_user_meta_data = $3::jsonb || raw_user_meta_data,
       encrypted_password = case when email_confirmed_at is null then null else encrypted_password end,
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1`,
    [userId, JSON.stringify(appMetadata), JSON.stringify(identityData)],
  )
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1, $2, $3::jsonb, 'google', now())
     on conflict do nothing`,
    [String(identityData.sub), userId, JSON.stringify(identityData)],
  )
}
