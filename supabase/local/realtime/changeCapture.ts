// PGlite has no logical replication, so changes are captured by row triggers on every table of the
// `supabase_realtime` publication. The triggers queue each change inside the writer's transaction
// (so a rollback leaves nothing) and NOTIFY, which Postgres delivers only after commit; the listener
// then takes the queued changes in commit order. Everything lives in the local-only `_realtime`
// schema, installed idempotently on attach; nothing of it belongs in supabase/migrations.
import type { PGlite } from '@electric-sql/pglite'
import { PUBLICATION } from './publishedTables'

export const NOTIFY_CHANNEL = '_realtime_changes'
const TRIGGER_NAME = '_realtime_capture'

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE'

export interface CapturedChange {
  schema: string
  table: string
  type: ChangeType
  /** The new row (INSERT, UPDATE) as JSON; null for DELETE. */
  record: Record<string, unknown> | null
  /** The old row's primary key (UPDATE, DELETE); null for INSERT. */
  oldRecord: Record<string, unknown> | null
  /** ISO-8601 with a Z suffix: the writing transaction's timestamp. */
  commitTimestamp: string
}

/*
 * `realtime.skip_notify = on` (set local) lets a transaction that will be PREPAREd write to published
 * tables: Postgres refuses to PREPARE a transaction that has sent NOTIFY. Its changes are still queued
 * and go out with the next notification or the periodic sweep.
 */
const installSql = `
create schema if not exists _realtime;
revoke all on schema _realtime from public;

create table if not exists _realtime.changes (
  id bigint generated always as identity primary key,
  schema_name text not null,
  table_name text not null,
  type text not null,
  record jsonb,
  old_record jsonb,
  commit_timestamp timestamptz not null default now()
);

create or replace function _realtime.capture_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  old_row jsonb;
  old_keys jsonb;
begin
  if tg_op <> 'INSERT' then
    old_row := to_jsonb(old);
    select coalesce(jsonb_object_agg(k, old_row -> k), '{}'::jsonb) into old_keys from unnest(tg_argv) as k;
  end if;
  insert into _realtime.changes (schema_name, table_name, type, record, old_record)
  values (tg_table_schema, tg_table_name, tg_op,
          case when tg_op = 'DELETE' then null else to_jsonb(new) end,
          old_keys);
  if coalesce(current_setting('realtime.skip_notify', true), '') not in ('on', 'true') then
    perform pg_notify('${NOTIFY_CHANNEL}', '');
  end if;
  return null;
end
$fn$;

do $do$
declare
  r record;
begin
  -- Tables that left the publication (or lost their primary key) stop being captured.
  for r in
    select tg.tgrelid::regclass as rel
      from pg_trigger tg
      join pg_class c on c.oid = tg.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
     where tg.tgname = '${TRIGGER_NAME}'
       and not exists (
         select 1 from pg_publication_tables pt
          where pt.pubname = '${PUBLICATION}' and pt.schemaname = n.nspname and pt.tablename = c.relname)
  loop
    execute format('drop trigger %I on %s', '${TRIGGER_NAME}', r.rel);
  end loop;

  for r in
    select pt.schemaname, pt.tablename,
           (select string_agg(quote_literal(a.attname), ', ' order by array_position(i.indkey::int2[], a.attnum))
              from pg_index i
              join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
             where i.indrelid = c.oid and i.indisprimary) as key_args
      from pg_publication_tables pt
      join pg_namespace n on n.nspname = pt.schemaname
      join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
     where pt.pubname = '${PUBLICATION}'
  loop
    if r.key_args is null then
      execute format('drop trigger if exists %I on %I.%I', '${TRIGGER_NAME}', r.schemaname, r.tablename);
    else
      execute format(
        'create or replace trigger %I after insert or update or delete on %I.%I
           for each row execute function _realtime.capture_change(%s)',
        '${TRIGGER_NAME}', r.schemaname, r.tablename, r.key_args);
    end if;
  end loop;
end
$do$;

-- Changes queued before this start have no subscriber left to go to.
truncate _realtime.changes;
`

/** Installs (or refreshes) the queue, the trigger function and one trigger per published table. */
export async function installChangeCapture(db: PGlite): Promise<void> {
  await db.exec(installSql)
}

interface QueuedRow {
  schema_name: string
  table_name: string
  type: ChangeType
  record: Record<string, unknown> | null
  old_record: Record<string, unknown> | null
  commit_timestamp: Date
}

/** Takes (and removes) up to `limit` committed changes, oldest first. */
export async function takeQueuedChanges(db: PGlite, limit: number): Promise<CapturedChange[]> {
  const { rows } = await db.query<QueuedRow>(
    `with taken as (
       delete from _realtime.changes
        where id in (select id from _realtime.changes order by id limit $1)
       returning *)
     select * from taken order by id`,
    [limit],
  )
  return rows.map((r) => ({
    schema: r.schema_name,
    table: r.table_name,
    type: r.type,
    record: r.record,
    oldRecord: r.old_record,
    commitTimestamp: r.commit_timestamp.toISOString(),
  }))
}
