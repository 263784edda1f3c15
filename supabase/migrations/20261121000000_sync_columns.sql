-- Shared machinery for synced tables.
--
-- Every synced table has a client-generated text id, created_at, updated_at, deleted_at (a soft delete:
-- a tombstone that sync can see) and txid, the id of the transaction that last wrote the row.
-- Clients pull by txid below the oldest transaction still running, so a transaction that commits late
-- is never skipped, which paging by updated_at or a sequence cannot promise.

-- Ids are random strings made on the client: URL-safe, long enough not to collide.
create or replace function public.is_client_id(value text) returns boolean
language sql immutable
set search_path = ''
as $$
  select value ~ '^[A-Za-z0-9_-]{8,64}$'
$$;

-- Stamps the sync columns on every write. created_at may come from an offline client (the moment the
-- user made the thing) but never from the future, and never changes afterwards. A tombstone is final:
-- deleting again is a no-op (so a retried delete succeeds), any other change, un-deleting included,
-- is refused.
create or replace function public.stamp_sync_columns() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := least(coalesce(new.created_at, clock_timestamp()), clock_timestamp());
  else
    new.created_at := old.created_at;
    if old.deleted_at is not null then
      if new.deleted_at is not null
         and (to_jsonb(new) - 'deleted_at' - 'updated_at' - 'txid') = (to_jsonb(old) - 'deleted_at' - 'updated_at' - 'txid') then
        return null;
      end if;
      raise exception 'This item has been deleted and can no longer be changed.'
        using errcode = 'P0001';
    end if;
  end if;
  new.updated_at := clock_timestamp();
  new.txid := pg_current_xact_id();
  return new;
end
$$;

-- Raises when a column that must never change after insert was changed.
create or replace function public.forbid_change(column_name text, old_value anyelement, new_value anyelement)
returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if old_value is distinct from new_value then
    raise exception '% cannot be changed.', column_name using errcode = '42501';
  end if;
end
$$;
