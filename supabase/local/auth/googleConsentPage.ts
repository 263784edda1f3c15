// The page the local stack shows instead of Google's sign-in: clearly labelled as a local stand-in
// (not Google), asking which email (and optional name) to sign in as. Every value is escaped.
import { escapeHtml } from '../mail/escapeHtml'

export interface ConsentPageOptions {
  state: string
  returnOrigin: string
  email?: string
  name?: string
  error?: string
}

export const standInPageHeaders = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2328; background: #f6f5f2; }
  main { max-width: 460px; margin: 40px auto; padding: 24px; background: #fff; border: 1px solid #d0d7de; border-radius: 12px; }
  .badge { display: inline-block; font-size: 0.8rem; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; padding: 3px 10px; border-radius: 999px; background: #fff1c2; color: #6b4700; border: 1px solid #d4a72c; }
  h1 { font-size: 1.4rem; margin: 12px 0 8px; }
  p { margin: 0 0 12px; }
  .note { color: #57606a; font-size: 0.95rem; }
  label { display: block; font-weight: 600; margin: 16px 0 4px; }
  input { box-sizing: border-box; width: 100%; font: inherit; padding: 8px 10px; border: 1px solid #8c959f; border-radius: 6px; }
  .error { color: #a40e26; background: #ffebe9; border: 1px solid #ff8182; border-radius: 6px; padding: 8px 10px; }
  .actions { display: flex; gap: 8px; margin-top: 20px; }
  button { font: inherit; padding: 8px 16px; border-radius: 6px; border: 1px solid #1f2328; cursor: pointer; }
  .primary { background: #1f2328; color: #fff; }
  .secondary { background: #fff; color: #1f2328; }
  :focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`
}

export function renderConsentPage(options: ConsentPageOptions): string {
  const error = options.error
    ? `<p class="error" id="form-error" role="alert">${escapeHtml(options.error)}</p>`
    : ''
  const describedBy = options.error ? ' aria-describedby="form-error"' : ''
  return page(
    'Local Google sign-in stand-in – Moori',
    `<span class="badge">Local stand-in · not Google</span>
<h1>Sign in with Google (local stand-in)</h1>
<p>Moori is running on your computer, so there is no real Google sign-in here. This page, served by Moori's local
development stack, pretends to be Google: type the Google account you want to sign in as.</p>
<p class="note">No password is needed and nothing is sent to Google. Afterwards you return to
<strong>${escapeHtml(options.returnOrigin)}</strong>.</p>
${error}
<form method="post" action="callback">
  <input type="hidden" name="state" value="${escapeHtml(options.state)}">
  <label for="email">Google account email</label>
  <input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(options.email ?? '')}"${describedBy}>
  <label for="name">Name (optional)</label>
  <input id="name" name="name" type="text" maxlength="100" autocomplete="name" value="${escapeHtml(options.name ?? '')}">
  <div class="actions">
    <button class="primary" type="submit" name="action" value="continue">Continue</button>
    <button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
  </div>
</form>`,
  )
}

export function renderStandInErrorPage(message: string): string {
  return page(
    'Sign-in problem – Moori local stack',
    `<span class="badge">Local stand-in · not Google</span>
<h1>This sign-in could not continue</h1>
<p role="alert">${escapeHtml(message)}</p>
<p class="note">Go back to the app and choose “Continue with Google” again.</p>`,
  )
}

/** After the stand-in's form named an existing account: its owner decides, by email. */
export function renderCheckEmailPage(email: string): string {
  return page(
    'Check your email – Moori',
    `<span class="badge">Local stand-in · not Google</span>
<h1>Check your email</h1>
<p role="status">There is already a Moori account for <strong>${escapeHtml(email)}</strong>. We sent a link to that
address: open it to link Google sign-in to the account and sign in.</p>
<p class="note">You can close this page.</p>`,
  )
}
