-- Pushing a change to a row that was deleted meanwhile says 'This item no longer exists.', whatever the
-- change: before, an edit to values the row already held was skipped by the tombstone trigger and came
-- back as 'You are not allowed to change this.', and any other edit as the trigger's own wording.
-- sync_push otherwise as in 20261126100000_undo.sql.
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
          -- A row deleted meanwhile (by another device or person): any change but deleting it again (done
          -- below) is refused as the app words it. Before, an edit that changed nothing was skipped by
          -- the tombstone trigger and then reported as 'not allowed'.
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
