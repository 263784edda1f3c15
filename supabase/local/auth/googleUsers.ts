// Users signing in through the Google stand-in: a "google" identity keyed by a stable fake Google id
// derived from the email. An existing account with that email is linked, as GoTrue links verified
// emails; if that account was never confirmed its password is dropped, since nobody proved owning it.
import { createHash, randomUUID } from 'node:crypto'
import { findUserByEmail, insertIdentity, type Json, type Queryable } from './users'

/** A numeric id like Google's `sub`, the same for the same email on every run. */
export function googleSubOf(email: string): string {
  const digest = createHash('sha256').update(`moori-local-google:${email}`).digest('hex')
  return BigInt(`0x${digest.slice(0, 18)}`)
    .toString()
    .padStart(21, '1')
    .slice(0, 21)
}

export async function signInGoogleUser(tx: Queryable, email: string, name: string | null): Promise<string> {
  const sub = googleSubOf(email)
  const identityData: Json = {
    iss: 'local-google-stand-in',
    sub,
    provider_id: sub,
    email,
    email_verified: true,
    phone_verified: false,
    ...(name ? { name, full_name: name } : {}),
  }
  const { rows: identities } = await tx.query<{ user_id: string }>(
    `update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now()
     where provider = 'google' and provider_id = $1 returning user_id`,
    [sub, JSON.stringify(identityData)],
  )
  if (identities[0]) return identities[0].user_id

  const existing = await findUserByEmail(tx, email)
  if (existing) {
    const current: unknown = existing.raw_app_meta_data.providers
    const providers = Array.isArray(current) ? current.filter((p): p is string => typeof p === 'string') : []
    const appMetadata = {
      provider: existing.raw_app_meta_data.provider ?? 'google',
      providers: [...new Set([...providers, 'google'])],
    }
    await tx.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || $2::jsonb,
         raw_user_meta_data = $3::jsonb || raw_user_meta_data,
         encrypted_password = case when email_confirmed_at is null then null else encrypted_password end,
         email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
       where id = $1`,
      [existing.id, JSON.stringify(appMetadata), JSON.stringify(identityData)],
    )
    await insertIdentity(tx, existing.id, 'google', sub, identityData)
    return existing.id
  }

  const id = randomUUID()
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(),
       '{"provider":"google","providers":["google"]}'::jsonb, $3::jsonb)`,
    [id, email, JSON.stringify(identityData)],
  )
  await insertIdentity(tx, id, 'google', sub, identityData)
  return id
}
