-- Undo and redo (issue 24). An undo or redo is an ordinary change in the outbox; on the server it is one
-- call, apply_undo, a compare-and-set: the row must still hold what the device expected (its watched
-- columns, and whether it is deleted), or the call is refused with 'Someone else has changed this
-- since.' and the device follows the server. A retry of a call that was applied (its answer lost) finds
-- the row as it left it and succeeds without writing again. So an undo made offline never overwrites a change someone
-- else made meanwhile. It checks the same rules as the calls it stands in for (move_polaroid,
-- delete_polaroid, the owner's edits): who may move or delete an item (its creator or the wall's
-- owner), who may edit a polaroid's text or a wall (the owner), and that a private wall is its owner's.
--
-- Undoing a delete brings a tombstoned item back: the only way a tombstone is lifted. The trigger that
-- makes tombstones final lets it through only inside apply_undo (a transaction-local setting naming
-- the row, set by this security-definer function, which a client cannot set through the API), and
-- only for an item whose wall is still there. The item returns with its image, position and z-order:
-- a soft delete kept them, and its stored image was never removed. Only the person whose delete made
-- the tombstone may lift it (deleted_by, stamped by the database): undoing your own delete of a card
-- that someone else had deleted already (your delete changed nothing) does not bring back theirs.

alter table public.polaroids add column deleted_by uuid;
alter table public.wall_stickers add column deleted_by uuid;
comment on column public.polaroids.deleted_by is 'Who deleted the polaroid (stamped; only they may undo it).';
comment on column public.wall_stickers.deleted_by is 'Who deleted the sticker (stamped; only they may undo it).';

-- deleted_by is the database's to write: whoever turns deleted_at on, cleared when it is lifted.
create or replace function public.stamp_deleted_by() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.deleted_by := case when new.deleted_at is not null then (select auth.uid()) end;
  elsif new.deleted_at is null then
    new.deleted_by := null;
  elsif old.deleted_at is null then
    new.deleted_by := (select auth.uid());
  else
    new.deleted_by := old.deleted_by;
  end if;
  return new;
end
$$;

create trigger polaroids_deleted_by before insert or update on public.polaroids
  for each row execute function public.stamp_deleted_by();
create trigger wall_stickers_deleted_by before insert or update on public.wall_stickers
  for each row execute function public.stamp_deleted_by();

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
      -- apply_undo restoring this very row (tg_table_name keeps a polaroid's id from lifting a sticker's).
      if not (new.deleted_at is null
              and coalesce(current_setting('moori.restoring', true), '') = tg_table_name || ':' || old.id) then
        raise exception 'This item has been deleted and can no longer be changed.'
          using errcode = 'P0001';
      end if;
    end if;
  end if;
  new.updated_at := clock_timestamp();
  new.txid := pg_current_xact_id();
  return new;
end
$$;

-- Whether a row's columns hold what `expect` says; `deleted` stands for deleted_at being set. Text
-- compares with no text and '' alike (a description may be either).
create or replace function public.undo_expectation_holds(current_row jsonb, expect jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce(bool_and(
    case
      when e.key = 'deleted' then (current_row ->> 'deleted_at' is not null) = (e.value = 'true'::jsonb)
      when jsonb_typeof(e.value) = 'string' or e.value = 'null'::jsonb
        then coalesce(current_row ->> e.key, '') = coalesce(e.value #>> '{}', '')
      else current_row -> e.key = e.value
    end), true)
  from jsonb_each(expect) e
$$;

create or replace function public.apply_undo(p_table text, p_id text, p_expect jsonb, p_set jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := public.require_caller('You must be signed in to move items.');
  item_columns constant text[] := array['x', 'y', 'z_index', 'deleted'];
  text_columns constant text[] := array['name', 'message'];
  wall_columns constant text[] := array['name', 'description', 'private'];
  allowed text[];
  bad text;
  current_row jsonb;
  wall record;
  creator uuid;
  restoring boolean;
begin
  if jsonb_typeof(p_expect) is distinct from 'object' or jsonb_typeof(p_set) is distinct from 'object' then
    raise exception 'apply_undo needs two objects' using errcode = '22023';
  end if;
  allowed := case p_table
    when 'polaroids' then item_columns || text_columns
    when 'wall_stickers' then item_columns
    when 'walls' then wall_columns
  end;
  if allowed is null then
    raise exception 'Unknown table %', coalesce(p_table, '(none)') using errcode = '42P01';
  end if;
  select k into bad from (select jsonb_object_keys(p_expect) k union select jsonb_object_keys(p_set)) keys
   where not (k = any (allowed)) limit 1;
  if bad is not null then
    raise exception 'column "%" cannot be undone', bad using errcode = '42703';
  end if;

  if p_table = 'walls' then
    select to_jsonb(w), w.owner_id into current_row, creator
      from public.walls w where w.id = p_id for update;
    if current_row is null or current_row ->> 'deleted_at' is not null
       or ((current_row ->> 'private')::boolean and creator <> caller) then
      raise exception 'This Moori no longer exists.' using errcode = 'P0001';
    end if;
    if creator <> caller then
      raise exception 'Only the owner can change this Moori.' using errcode = '42501';
    end if;
  else
    execute format('select to_jsonb(t), t.created_by from public.%I t where t.id = $1 for update', p_table)
      into current_row, creator using p_id;
    select w.owner_id, w.private, w.deleted_at into wall
      from public.walls w where w.id = current_row ->> 'wall_id';
    if current_row is null or wall.owner_id is null or wall.deleted_at is not null
       or (wall.private and wall.owner_id <> caller) then
      raise exception 'This item no longer exists.' using errcode = 'P0001';
    end if;
    if (p_set ? 'name' or p_set ? 'message') and wall.owner_id <> caller then
      raise exception 'Only the owner of this Moori can edit a polaroid''s name and message.' using errcode = '42501';
    end if;
    if creator <> caller and wall.owner_id <> caller then
      raise exception 'You can only move your own items or items on Mooris you own.' using errcode = '42501';
    end if;
  end if;

  if not public.undo_expectation_holds(current_row, p_expect) then
    -- A retry after a lost answer finds its own result: done already.
    if public.undo_expectation_holds(current_row, p_set) then
      return;
    end if;
    raise exception 'Someone else has changed this since.' using errcode = 'P0001';
  end if;
  -- Bringing a tombstoned row back; writing to one otherwise is refused by its trigger.
  restoring := coalesce(p_set -> 'deleted' = 'false'::jsonb, false) and current_row ->> 'deleted_at' is not null;
  if current_row ->> 'deleted_at' is not null and not restoring then
    return; -- deleting again: already done
  end if;

  if restoring then
    if (current_row ->> 'deleted_by') is distinct from caller::text then
      raise exception 'Someone else has changed this since.' using errcode = 'P0001';
    end if;
    perform set_config('moori.restoring', p_table || ':' || p_id, true);
  end if;
  if p_table = 'walls' then
    update public.walls set
      name = case when p_set ? 'name' then p_set ->> 'name' else name end,
      description = case when p_set ? 'description' then p_set ->> 'description' else description end,
      private = case when p_set ? 'private' then (p_set ->> 'private')::boolean else private end
     where id = p_id;
  else
    execute format(
      'update public.%I set '
      || 'x = case when $2 ? ''x'' then ($2 ->> ''x'')::double precision else x end, '
      || 'y = case when $2 ? ''y'' then ($2 ->> ''y'')::double precision else y end, '
      || 'z_index = case when $2 ? ''z_index'' then ($2 ->> ''z_index'')::integer else z_index end, '
      || 'deleted_at = case when $2 ? ''deleted'' then (case when ($2 ->> ''deleted'')::boolean then coalesce(deleted_at, clock_timestamp()) end) else deleted_at end'
      || case when p_table = 'polaroids' then
           ', name = case when $2 ? ''name'' then $2 ->> ''name'' else name end, '
           || 'message = case when $2 ? ''message'' then $2 ->> ''message'' else message end'
         else '' end
      || ' where id = $1',
      p_table
    ) using p_id, p_set;
  end if;
  if restoring then
    perform set_config('moori.restoring', '', true);
  end if;
end
$$;

revoke execute on function public.apply_undo(text, text, jsonb, jsonb) from public, anon;
grant execute on function public.apply_undo(text, text, jsonb, jsonb) to authenticated;

-- sync_push learns the call (otherwise as in 20261121000800_sync.sql).
create or replace function public.sync_push(mutations jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  writable constant text[] := array['profiles', 'walls', 'polaroids', 'wall_stickers', 'wardrobe_items', 'clothing_tags'];
  server_owned constant text[] := array['txid', 'updated_at'];
  m jsonb;
  results jsonb := '[]'::jsonb;
  target text;
  payload jsonb;
  columns text[];
  column_list text;
  bad_column text;
  changed integer;
  row_found boolean;
  row_deleted_at timestamptz;
  err_code text;
  err_message text;
begin
  if jsonb_typeof(mutations) is distinct from 'array' then
    raise exception 'mutations must be a JSON array' using errcode = '22023';
  end if;
  if jsonb_array_length(mutations) > 500 then
    raise exception 'At most 500 mutations per push' using errcode = '54000';
  end if;

  for m in select value from jsonb_array_elements(mutations) loop
    begin
      if m ->> 'op' in ('insert', 'update') then
        target := m ->> 'table';
        if target is null or not (target = any (writable)) then
          raise exception 'Unknown table %', coalesce(target, '(none)') using errcode = '42P01';
        end if;
        payload := case when m ->> 'op' = 'insert' then m -> 'row' else m -> 'patch' end;
        if jsonb_typeof(payload) is distinct from 'object' then
          raise exception 'A % needs an object', m ->> 'op' using errcode = '22023';
        end if;
        columns := public.sync_table_columns(target);
        select k into bad_column from jsonb_object_keys(payload) k where not (k = any (columns)) limit 1;
        if bad_column is not null then
          raise exception 'column "%" of relation "%" does not exist', bad_column, target using errcode = '42703';
        end if;
        select string_agg(format('%I', k), ', ') into column_list
          from jsonb_object_keys(payload) k
         where not (k = any (server_owned)) and (m ->> 'op' = 'insert' or k <> 'id');
        if column_list is null then
          raise exception 'Nothing to write' using errcode = '22023';
        end if;

        if m ->> 'op' = 'insert' then
          execute format(
            'insert into public.%I (%s) select %s from jsonb_populate_record(null::public.%I, $1) on conflict (id) do nothing',
            target, column_list, column_list, target
          ) using payload;
        else
          if m ->> 'id' is null then
            raise exception 'An update needs an id' using errcode = '22023';
          end if;
          execute format(
            'update public.%1$I as t set (%2$s) = (select %2$s from jsonb_populate_record(null::public.%1$I, $1)) '
            || 'where t.id = (jsonb_populate_record(null::public.%1$I, jsonb_build_object(''id'', $2::text))).id',
            target, column_list
          ) using payload, m ->> 'id';
          get diagnostics changed = row_count;
          if changed = 0 then
            execute format(
              'select true, t.deleted_at from public.%1$I as t '
              || 'where t.id = (jsonb_populate_record(null::public.%1$I, jsonb_build_object(''id'', $1::text))).id',
              target
            ) into row_found, row_deleted_at using m ->> 'id';
            if row_found is null then
              raise exception 'This item no longer exists.' using errcode = 'P0001';
            elsif row_deleted_at is not null and (payload - 'deleted_at') = '{}'::jsonb then
              null; -- deleting again: already done
            else
              raise exception 'You are not allowed to change this.' using errcode = '42501';
            end if;
          end if;
        end if;

      elsif m ->> 'op' = 'call' then
        payload := coalesce(m -> 'args', '{}'::jsonb);
        case m ->> 'fn'
          when 'move_polaroid' then
            perform public.move_polaroid(payload ->> 'p_id', (payload ->> 'new_x')::double precision,
              (payload ->> 'new_y')::double precision, (payload ->> 'new_z_index')::integer);
          when 'move_wall_sticker' then
            perform public.move_wall_sticker(payload ->> 'sticker_id', (payload ->> 'new_x')::double precision,
              (payload ->> 'new_y')::double precision, (payload ->> 'new_z_index')::integer);
          when 'delete_polaroid' then
            perform public.delete_polaroid(payload ->> 'p_id');
          when 'delete_wall_sticker' then
            perform public.delete_wall_sticker(payload ->> 'sticker_id');
          when 'delete_own_wall' then
            perform public.delete_own_wall(payload ->> 'wall_id');
          when 'apply_undo' then
            perform public.apply_undo(payload ->> 'p_table', payload ->> 'p_id', payload -> 'p_expect', payload -> 'p_set');
          else
            raise exception 'Unknown function %', coalesce(m ->> 'fn', '(none)') using errcode = '42883';
        end case;

      else
        raise exception 'Unknown operation %', coalesce(m ->> 'op', '(none)') using errcode = '22023';
      end if;

      results := results || jsonb_build_array(jsonb_build_object('ok', true));
    exception when others then
      get stacked diagnostics err_code = returned_sqlstate, err_message = message_text;
      results := results || jsonb_build_array(jsonb_build_object('ok', false, 'code', err_code, 'message', err_message));
    end;
  end loop;
  return results;
end
$$;
