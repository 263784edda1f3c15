// auth.users and auth.identities as GoTrue keeps them, and the user JSON supabase-js reads
// (id, aud, role, email, confirmation times, app/user metadata, identities, ...).
import { randomUUID } from 'node:crypto'
import type { Transaction } from '@electric-sql/pglite'
import { validationError } from './authError'

/** A PGlite instance or one of its transactions. */
export type Queryable = Pick<Transaction, 'query'>

export type Json = Record<string, unknown>

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  phone: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Json
  raw_user_meta_data: Json
  is_anonymous: boolean
  created_at: Date
  updated_at: Date
}

interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Json
  provider: string
  last_sign_in_at: Date | null
  created_at: Date
  updated_at: Date
}

const userColumns = `id, aud, role, email, phone, encrypted_password, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at`

const emailPattern = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:".]{2,}$/

/** Lower-cased and trimmed like GoTrue; 400 validation_failed when it is not an address. */
export function normalizeEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : ''
  if (!email) throw validationError('Email address is required')
  if (email.length > 255 || !emailPattern.test(email)) {
    throw validationError(`Unable to validate email address: invalid format`)
  }
  return email
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  if (!uuidPattern.test(id)) return null
  const { rows } = await db.query<UserRow>(`select ${userColumns} from auth.users where id = $1`, [id])
  return rows[0] ?? null
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from auth.users where lower(email) = lower($1) and is_sso_user = false`,
    [email],
  )
  return rows[0] ?? null
}

export interface NewUser {
  email: string
  passwordHash: string | null
  confirmed: boolean
  userMetadata: Json
  /** Sets confirmation_sent_at: the caller is about to send a confirmation email. */
  confirmationSent?: boolean
}

/** Inserts an email user and its email identity (GoTrue gives every email user one). */
export async function insertEmailUser(tx: Queryable, user: NewUser): Promise<UserRow> {
  const id = randomUUID()
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_sent_at, raw_app_meta_data, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $4::boolean then now() end, case when $5::boolean then now() end,
       '{"provider":"email","providers":["email"]}'::jsonb, $6::jsonb)
     returning ${userColumns}`,
    [
      id,
      user.email,
      user.passwordHash,
      user.confirmed,
      user.confirmationSent ?? false,
      JSON.stringify(user.userMetadata),
    ],
  )
  await insertIdentity(tx, id, 'email', id, {
    sub: id,
    email: user.email,
    email_verified: user.confirmed,
    phone_verified: false,
  })
  return rows[0]!
}

export async function insertIdentity(
  tx: Queryable,
  userId: string,
  provider: string,
  providerId: string,
  data: Json,
): Promise<void> {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1, $2, $3::jsonb, $4, now())`,
    [providerId, userId, JSON.stringify(data), provider],
  )
}

export async function userJson(db: Queryable, user: UserRow): Promise<Json> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at
     from auth.identities where user_id = $1 order by created_at, id`,
    [user.id],
  )
  const iso = (d: Date | null) => (d ? d.toISOString() : undefined)
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmed_at: iso(user.email_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: rows.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: identity.created_at.toISOString(),
      updated_at: identity.updated_at.toISOString(),
      email: typeof identity.identity_data.email === 'string' ? identity.identity_data.email : undefined,
    })),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    is_anonymous: user.is_anonymous,
  }
}

/** A metadata object from a request body: absent means {}, anything but a plain object is refused. */
export function metadataOf(value: unknown, field: string): Json {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw validationError(`${field} must be an object`)
  return value as Json
}

/** GoTrue's metadata update: keys are merged, a null value removes the key. */
export function mergeMetadata(current: Json, changes: Json): Json {
  const merged: Json = { ...current }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}
