// The answer to a sign-up that needs email confirmation, built the same way whether the address was
// new, waiting for confirmation, or already a confirmed account (as hosted Supabase does with
// confirmation on), so the answer never tells who is registered. Only the account's id comes from the
// database; a confirmed account is given a stable stand-in id instead (an HMAC of the address), since
// its real id is public on its profile. Times are the request's; metadata is what the request sent.
import { createHmac } from 'node:crypto'
import type { Json } from './users'

/** A version-4-shaped UUID derived from a key and a text: the same every time, unrelated to real ids. */
function derivedUuid(key: string, text: string): string {
  const hex = createHmac('sha256', key).update(text).digest('hex')
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** The id a confirmed account is given in sign-up answers: stable per address, not its real id. */
export function standInUserId(secret: string, email: string): string {
  return derivedUuid(secret, `moori-signup-answer:${email}`)
}

export function signupAnswer(id: string, email: string, userMetadata: Json, now = new Date()): Json {
  const at = now.toISOString()
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: userMetadata,
    identities: [
      {
        identity_id: derivedUuid(id, 'moori-signup-answer:identity'),
        id,
        user_id: id,
        identity_data: { sub: id, email, email_verified: false, phone_verified: false },
        provider: 'email',
        last_sign_in_at: at,
        created_at: at,
        updated_at: at,
        email,
      },
    ],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  }
}
