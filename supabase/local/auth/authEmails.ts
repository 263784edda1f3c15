// The emails the auth service sends (confirm sign-up, magic link, password reset, linking Google, an
// account that exists already): plain, friendly, about Moori, each with a single-use link to
// /auth/v1/verify (or /google/link) at the address people reach the stack at, and the 6-digit code.
import { emailLinkOrigin } from '../deployment'
import type { EmailContent } from '../mail/renderEmail'
import { renderEmail } from '../mail/renderEmail'
import type { AuthServices } from './authServices'
import type { IssuedEmailToken } from './emailTokens'

export type EmailLinkType = 'signup' | 'magiclink' | 'recovery'

function lifetimeText(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`
  return `${seconds} seconds`
}

/** The auth service as a browser opening an email reaches it: through the site URL in a deployment. */
function authBaseOf(services: AuthServices): string {
  const { ctx } = services
  return `${emailLinkOrigin(ctx.config, ctx.publicUrl())}/auth/v1`
}

function verifyLink(
  services: AuthServices,
  type: EmailLinkType,
  token: string,
  redirectTo: string,
): string {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo })
  return `${authBaseOf(services)}/verify?${query.toString()}`
}

const subjects: Record<EmailLinkType, string> = {
  signup: 'Confirm your Moori account',
  magiclink: 'Your Moori sign-in link',
  recovery: 'Reset your Moori password',
}

function contentFor(type: EmailLinkType, link: string, otp: string, lifetime: string): EmailContent {
  const expiry = `The link and the code work once and expire in ${lifetime}.`
  switch (type) {
    case 'signup':
      return {
        greeting: 'Hi there,',
        paragraphs: [
          'Thanks for signing up for Moori! Please confirm your email address so you can start making walls.',
        ],
        action: { label: 'Confirm my email', url: link },
        code: otp,
        footer: [expiry, "If you didn't sign up for Moori, you can safely ignore this email."],
      }
    case 'magiclink':
      return {
        greeting: 'Hi there,',
        paragraphs: ['Here is your link to sign in to Moori. No password needed.'],
        action: { label: 'Sign in to Moori', url: link },
        code: otp,
        footer: [expiry, "If you didn't ask to sign in, you can safely ignore this email."],
      }
    case 'recovery':
      return {
        greeting: 'Hi there,',
        paragraphs: ['Someone (hopefully you) asked to reset the password of your Moori account.'],
        action: { label: 'Choose a new password', url: link },
        code: otp,
        footer: [
          expiry,
          "If you didn't ask for this, you can ignore this email: your password stays the same.",
        ],
      }
  }
}

export async function sendAuthEmail(
  services: AuthServices,
  type: EmailLinkType,
  to: string,
  issued: IssuedEmailToken,
  redirectTo: string,
): Promise<void> {
  const link = verifyLink(services, type, issued.token, redirectTo)
  const lifetime = lifetimeText(services.ctx.config.emailLinkLifetimeSeconds)
  await services.mailer.send({
    to,
    subject: subjects[type],
    ...renderEmail(contentFor(type, link, issued.otp, lifetime)),
  })
}

/** Asks the owner of an existing account whether Google sign-in may be linked to it. */
export async function sendGoogleLinkEmail(services: AuthServices, to: string, token: string): Promise<void> {
  const link = `${authBaseOf(services)}/google/link?${new URLSearchParams({ token }).toString()}`
  const lifetime = lifetimeText(services.ctx.config.emailLinkLifetimeSeconds)
  await services.mailer.send({
    to,
    subject: 'Link Google sign-in to your Moori account?',
    ...renderEmail({
      greeting: 'Hi there,',
      paragraphs: [
        'Someone asked to sign in to your Moori account with Google. If that was you, confirm below: ' +
          'Google sign-in is then linked to your account and you are signed in.',
      ],
      action: { label: 'Link Google sign-in', url: link },
      footer: [
        `The link works once and expires in ${lifetime}.`,
        "If it wasn't you, ignore this email: nothing changes and nobody is signed in.",
      ],
    }),
  })
}

/** Told to the owner when someone signs up with an address that already has an account. */
export async function sendAccountExistsEmail(services: AuthServices, to: string, siteUrl: string): Promise<void> {
  await services.mailer.send({
    to,
    subject: 'You already have a Moori account',
    ...renderEmail({
      greeting: 'Hi there,',
      paragraphs: [
        'Someone (hopefully you) tried to sign up for Moori with this address, but it already has an ' +
          'account. Sign in instead; if you forgot your password, choose "Forgot password?" there.',
      ],
      action: { label: 'Go to Moori', url: siteUrl },
      footer: ["If it wasn't you, you can ignore this email: your account is unchanged."],
    }),
  })
}
