// The /inbox page: the stack's stand-in for a mail client, so a developer can open confirmation, magic
// link and recovery emails locally. Every value is escaped; only http(s) URLs in a body become links.
import { escapeHtml, isSafeLinkUrl } from './escapeHtml'
import type { MailMessage } from './mailbox'

const urlPattern = /https?:\/\/[^\s<>"']+/g

/** Escapes the body and turns its http(s) URLs into links. */
function linkify(text: string): string {
  let html = ''
  let last = 0
  for (const match of text.matchAll(urlPattern)) {
    const url = match[0]
    const start = match.index
    html += escapeHtml(text.slice(last, start))
    html += isSafeLinkUrl(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : escapeHtml(url)
    last = start + url.length
  }
  return html + escapeHtml(text.slice(last))
}

function formatTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')
}

function renderMessage(message: MailMessage): string {
  return `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(message.to)}</strong> · <time datetime="${escapeHtml(message.created_at)}">${escapeHtml(formatTime(message.created_at))}</time></p>
  <div class="body">${linkify(message.text)}</div>
</article>`
}

export function renderInboxPage(messages: MailMessage[], filter: string | undefined): string {
  const heading = filter ? `Emails to ${escapeHtml(filter)}` : 'All emails'
  const list = messages.length
    ? messages.map(renderMessage).join('\n')
    : '<p class="empty">No emails yet. Confirmation, magic link and password reset emails show up here.</p>'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Moori local inbox</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2328; background: #f6f5f2; }
  main { max-width: 720px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 1.6rem; margin: 0 0 4px; }
  h2 { font-size: 1.15rem; margin: 0 0 4px; }
  .intro, .meta, .empty { color: #57606a; }
  .meta { font-size: 0.9rem; margin: 0 0 12px; }
  form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 16px 0 24px; }
  input { font: inherit; padding: 6px 10px; border: 1px solid #8c959f; border-radius: 6px; min-width: 16rem; }
  button, .button { font: inherit; padding: 6px 14px; border-radius: 6px; border: 1px solid #1f2328; background: #1f2328; color: #fff; cursor: pointer; text-decoration: none; }
  .button.secondary { background: transparent; color: #1f2328; }
  article { background: #fff; border: 1px solid #d0d7de; border-radius: 10px; padding: 16px 20px; margin: 0 0 16px; }
  .body { white-space: pre-wrap; overflow-wrap: anywhere; }
  a { color: #0550ae; }
  :focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>Moori local inbox</h1>
  <p class="intro">Emails sent by the local stack, newest first. Nothing here leaves this computer.</p>
  <form method="get" action="/inbox">
    <label for="to">Recipient</label>
    <input id="to" name="to" type="email" value="${escapeHtml(filter ?? '')}" placeholder="name@example.com">
    <button type="submit">Filter</button>
    <a class="button secondary" href="/inbox">Show all</a>
  </form>
  <h2>${heading} (${messages.length})</h2>
  ${list}
</main>
</body>
</html>`
}
