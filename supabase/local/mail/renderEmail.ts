// Builds the text and HTML bodies of the stack's emails from one plain description, so every email
// looks the same, is escaped in one place and lists its links for the inbox and for tests.
import { escapeHtml, isSafeLinkUrl } from './escapeHtml'

export interface EmailContent {
  /** First line, e.g. "Hi there,". */
  greeting: string
  paragraphs: string[]
  action?: { label: string; url: string }
  /** A one-time code shown next to the link (magic link, confirmation, recovery). */
  code?: string
  /** Closing lines, e.g. why the reader got this email. */
  footer: string[]
}

export interface RenderedEmail {
  text: string
  html: string
  links: string[]
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const text: string[] = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])]
  const html: string[] = [
    '<div style="font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2328; max-width: 560px">',
    `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
  ]
  const links: string[] = []
  if (content.action && isSafeLinkUrl(content.action.url)) {
    links.push(content.action.url)
    text.push(`${content.action.label}: ${content.action.url}`, '')
    html.push(
      `<p><a href="${escapeHtml(content.action.url)}" style="display: inline-block; padding: 10px 18px; border-radius: 8px; background: #1f2328; color: #ffffff; text-decoration: none">${escapeHtml(content.action.label)}</a></p>`,
      `<p style="font-size: 13px; color: #57606a; overflow-wrap: anywhere">Or paste this address into your browser: ${escapeHtml(content.action.url)}</p>`,
    )
  }
  if (content.code) {
    text.push(`Your code: ${content.code}`, '')
    html.push(
      `<p>Your code: <strong style="font-size: 20px; letter-spacing: 3px">${escapeHtml(content.code)}</strong></p>`,
    )
  }
  text.push(...content.footer, '', 'The Moori team')
  html.push(
    ...content.footer.map((line) => `<p style="font-size: 13px; color: #57606a">${escapeHtml(line)}</p>`),
    '<p>The Moori team</p>',
    '</div>',
  )
  return { text: text.join('\n'), html: html.join('\n'), links }
}
