// The local stack has no SMTP: every email it "sends" is stored in PGlite (schema _local, which the API
// roles cannot reach), so it survives restarts with a data directory and can be read at /inbox.
import type { PGlite } from '@electric-sql/pglite'
import type { RenderedEmail } from './renderEmail'

export interface MailMessage {
  id: string
  to: string
  subject: string
  text: string
  html: string
  links: string[]
  created_at: string
}

export interface OutgoingMail extends RenderedEmail {
  to: string
  subject: string
}

export interface Mailbox {
  send(mail: OutgoingMail): Promise<MailMessage>
  /** Newest first; `to` matches the recipient case-insensitively. */
  list(options?: { to?: string; limit?: number }): Promise<MailMessage[]>
}

interface MailRow {
  id: string
  to_address: string
  subject: string
  text_body: string
  html_body: string
  links: string[]
  created_at: Date
}

const schemaSql = `
create schema if not exists _local;
revoke all on schema _local from public;
create table if not exists _local.mail_messages (
  seq integer generated always as identity primary key,
  id uuid not null unique default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  links jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists mail_messages_to_idx on _local.mail_messages (lower(to_address), seq desc);
`

const columns = 'id, to_address, subject, text_body, html_body, links, created_at'

function toMessage(row: MailRow): MailMessage {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    links: row.links,
    created_at: row.created_at.toISOString(),
  }
}

export async function openMailbox(db: PGlite): Promise<Mailbox> {
  await db.exec(schemaSql)
  return {
    async send(mail) {
      const { rows } = await db.query<MailRow>(
        `insert into _local.mail_messages (to_address, subject, text_body, html_body, links)
         values ($1, $2, $3, $4, $5::jsonb) returning ${columns}`,
        [mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.links)],
      )
      return toMessage(rows[0]!)
    },
    async list(options = {}) {
      const limit = Math.min(Math.max(Math.trunc(options.limit ?? 100), 1), 1000)
      const to = options.to?.trim()
      const { rows } = to
        ? await db.query<MailRow>(
            `select ${columns} from _local.mail_messages where lower(to_address) = lower($1)
             order by seq desc limit $2`,
            [to, limit],
          )
        : await db.query<MailRow>(`select ${columns} from _local.mail_messages order by seq desc limit $1`, [
            limit,
          ])
      return rows.map(toMessage)
    },
  }
}
