-- Bulk edits (issue 25): one queued change may change many rows, all or nothing. sync_push learns
-- {op: 'batch', ops: [...]}: each of its inserts and updates is checked and applied exactly as a
-- top-level one (the same column checks, the same refusal of a change to a row deleted meanwhile, the
-- same row-level security, triggers and constraints), all inside the batch's one subtransaction, so
-- any refusal rolls the whole batch back and the batch's result is that first refusal's code and
-- message. A batch holds only inserts and updates (no calls, no nested batches), at least one and at
-- most 1000 of them.
--
-- The body that applies one insert or update moves into sync_apply_change, which both paths call, so
-- the two can never drift apart. It runs as the caller like sync_push (security invoker): calling it
-- on its own over REST is the same as pushing one change, and RLS decides as ever.
--
-- Limits: at most 500 queued changes per push (as before) and at most 1000 row changes per push, a
-- batch counting as its inserts and updates. A batch over its own limit (or malformed) applies nothing
-- and is refused on its own, so it counts as one: the device sends such a batch alone, and the push
-- as a whole must not be refused for it (that answer would be retried for ever).
-- sync_push otherwise as in 20261127000000_push_to_deleted_rows.sql.

create or replace function public.sync_apply_change(m jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  writable constant text[] := array['profiles', 'walls', 'polaroids', 'wall_stickers', 'wardrobe_items', 'clothing_tags'];
  server_owned constant text[] := array['txid', 'updated_at'];
  target text;
  payload jsonb;
  columns text[];
  column_list text;
  bad_column text;
  changed integer;
  row_found boolean;
  row_deleted_at timestamptz;
begin
  if jsonb_typeof(m) is distinct from 'object' or coalesce(m ->> 'op', '') not in ('insert', 'update') then
    raise exception 'Unknown operation %', coalesce(m ->> 'op', '(none)') using errcode = '22023';
  end if;
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
    return;
  end if;

  if m ->> 'id' is null then
    raise exception 'An update needs an id' using errcode = '22023';
  end if;
  -- A row deleted meanwhile (by another device or person): any change but deleting it again (done
  -- below) is refused as the app words it.
  execute format(
    'select true, t.deleted_at from public.%1$I as t '
    || 'where t.id = (jsonb_populate_record(null::public.%1$I, jsonb_build_object(''id'', $1::text))).id',
    target
  ) into row_found, row_deleted_at using m ->> 'id';
  if row_deleted_at is not null and (payload - 'deleted_at' - 'id') <> '{}'::jsonb then
    raise exception 'This item no longer exists.' using errcode = 'P0001';
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
end
$$;

comment on function public.sync_apply_change(jsonb) is
  'Applies one sync_push insert or update as the caller (RLS, triggers and constraints decide); raises its refusal.';

create or replace function public.sync_push(mutations jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  max_batch constant integer := 1000;
  max_changes constant integer := 1000;
  m jsonb;
  sub jsonb;
  results jsonb := '[]'::jsonb;
  payload jsonb;
  change_count integer;
  err_code text;
  err_message text;
begin
  if jsonb_typeof(mutations) is distinct from 'array' then
    raise exception 'mutations must be a JSON array' using errcode = '22023';
  end if;
  if jsonb_array_length(mutations) > 500 then
    raise exception 'At most 500 mutations per push' using errcode = '54000';
  end if;
  -- A well-formed batch counts as its row changes; anything else (a batch refused on its own) as one.
  select coalesce(sum(
           case when e ->> 'op' = 'batch' and jsonb_typeof(e -> 'ops') = 'array'
                     and jsonb_array_length(e -> 'ops') between 1 and max_batch
                then jsonb_array_length(e -> 'ops') else 1 end), 0)
    into change_count
    from jsonb_array_elements(mutations) e;
  if change_count > max_changes then
    raise exception 'At most % row changes per push', max_changes using errcode = '54000';
  end if;

  for m in select value from jsonb_array_elements(mutations) loop
    begin
      if m ->> 'op' in ('insert', 'update') then
        perform public.sync_apply_change(m);

      elsif m ->> 'op' = 'batch' then
        if jsonb_typeof(m -> 'ops') is distinct from 'array' or jsonb_array_length(m -> 'ops') = 0 then
          raise exception 'A batch needs a list of changes' using errcode = '22023';
        end if;
        if jsonb_array_length(m -> 'ops') > max_batch then
          raise exception 'At most % changes in one batch', max_batch using errcode = '54000';
        end if;
        -- All in this mutation's subtransaction: the first refusal undoes the batch's earlier changes.
        for sub in select value from jsonb_array_elements(m -> 'ops') loop
          if coalesce(sub ->> 'op', '') not in ('insert', 'update') then
            raise exception 'A batch holds only inserts and updates, not %', coalesce(sub ->> 'op', '(none)')
              using errcode = '22023';
          end if;
          perform public.sync_apply_change(sub);
        end loop;

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
