// HTML escaping for every page and email the local stack renders itself (inbox, emails, the Google
// stand-in): all dynamic text goes through here, so an address or name can never become markup.
const replacements: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => replacements[ch] ?? ch)
}

/** Only http(s) URLs may become links; anything else (javascript:, data:) is shown as text. */
export function isSafeLinkUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
