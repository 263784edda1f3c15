-- The two calls the sync engine makes. Both run as the caller (security invoker), so row-level
-- security, constraints and triggers decide exactly as for any other request.
--
-- sync_push(mutations): applies a batch of queued mutations in order, each in its own subtransaction,
-- and answers one result per mutation. One bad mutation never blocks the rest, and every kind of
-- mutation is idempotent (inserts ignore an existing id, updates set values, moves and deletes are
-- repeatable), so a batch retried after a lost response changes nothing twice.
--
-- sync_pull(scope, since): the rows of a scope written since a cursor, tombstones included, plus the
-- scope's current membership (the ids the caller may see now), so clients can evict rows they lost
-- access to. The cursor is the oldest transaction still running when the pull ran: rows are paged by
-- the id of the transaction that wrote them, and a transaction that commits late is still above it.

create or replace function public.sync_table_columns(target text) returns text[]
language sql stable
set search_path = ''
as $$
  select coalesce(array_agg(a.attname::text order by a.attnum), '{}')
    from pg_catalog.pg_attribute a
   where a.attrelid = ('public.' || quote_ident(target))::regclass
     and a.attnum > 0 and not a.attisdropped
$$;

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

-- Rows of one table as a JSON array (empty array rather than null).
create or replace function public.sync_rows(rows jsonb) returns jsonb
language sql immutable
set search_path = ''
as $$ select coalesce(rows, '[]'::jsonb) $$;

-- For window scopes every returned row is a member: {table: [ids]} from {table: [rows]}.
create or replace function public.sync_members_of(rows jsonb) returns jsonb
language sql immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(t.key, public.sync_rows((select jsonb_agg(r -> 'id') from jsonb_array_elements(t.value) r))), '{}'::jsonb)
    from jsonb_each(rows) t
$$;

create or replace function public.sync_pull(scope text, since text default '0') returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  fence xid8 := pg_snapshot_xmin(pg_current_snapshot());
  cursor_from xid8 := coalesce(nullif(since, ''), '0')::xid8;
  caller uuid := (select auth.uid());
  kind text := split_part(scope, ':', 1);
  arg text := substr(scope, length(split_part(scope, ':', 1)) + 2);
  target_user uuid;
  out_rows jsonb;
  out_members jsonb;
  out_extra jsonb := '{}'::jsonb;
begin
  if kind = 'me' then
    if caller is null then
      raise exception 'Sign in to sync your own data.' using errcode = '42501';
    end if;
    out_rows := jsonb_build_object(
      'profiles', public.sync_rows((select jsonb_agg(to_jsonb(p)) from public.profiles p where p.id = caller and p.txid >= cursor_from)),
      'walls', public.sync_rows((select jsonb_agg(to_jsonb(w)) from public.walls w where w.owner_id = caller and w.txid >= cursor_from)),
      'wardrobe_items', public.sync_rows((select jsonb_agg(to_jsonb(i)) from public.wardrobe_items i where i.user_id = caller and i.txid >= cursor_from)),
      'clothing_tags', public.sync_rows((select jsonb_agg(to_jsonb(t)) from public.clothing_tags t join public.wardrobe_items i on i.id = t.wardrobe_item_id where i.user_id = caller and t.txid >= cursor_from)),
      'processing_jobs', public.sync_rows((select jsonb_agg(to_jsonb(j)) from public.processing_jobs j where j.user_id = caller and j.txid >= cursor_from))
    );
    out_members := jsonb_build_object(
      'profiles', public.sync_rows((select jsonb_agg(p.id) from public.profiles p where p.id = caller and p.deleted_at is null)),
      'walls', public.sync_rows((select jsonb_agg(w.id) from public.walls w where w.owner_id = caller and w.deleted_at is null)),
      'wardrobe_items', public.sync_rows((select jsonb_agg(i.id) from public.wardrobe_items i where i.user_id = caller and i.deleted_at is null)),
      'clothing_tags', public.sync_rows((select jsonb_agg(t.id) from public.clothing_tags t join public.wardrobe_items i on i.id = t.wardrobe_item_id where i.user_id = caller and t.deleted_at is null and i.deleted_at is null)),
      'processing_jobs', public.sync_rows((select jsonb_agg(j.id) from public.processing_jobs j where j.user_id = caller and j.deleted_at is null))
    );

  elsif kind = 'wall' then
    out_rows := jsonb_build_object(
      'walls', public.sync_rows((select jsonb_agg(to_jsonb(w)) from public.walls w where w.id = arg and w.txid >= cursor_from)),
      'polaroids', public.sync_rows((select jsonb_agg(to_jsonb(p)) from public.polaroids p where p.wall_id = arg and p.txid >= cursor_from)),
      'wall_stickers', public.sync_rows((select jsonb_agg(to_jsonb(s)) from public.wall_stickers s where s.wall_id = arg and s.txid >= cursor_from)),
      'profiles', public.sync_rows((
        select jsonb_agg(to_jsonb(p)) from public.profiles p
         where p.txid >= cursor_from and p.id in (
           select w.owner_id from public.walls w where w.id = arg
           union select pol.created_by from public.polaroids pol where pol.wall_id = arg
           union select s.created_by from public.wall_stickers s where s.wall_id = arg)))
    );
    out_members := jsonb_build_object(
      'walls', public.sync_rows((select jsonb_agg(w.id) from public.walls w where w.id = arg and w.deleted_at is null)),
      'polaroids', public.sync_rows((select jsonb_agg(p.id) from public.polaroids p join public.walls w on w.id = p.wall_id where p.wall_id = arg and p.deleted_at is null and w.deleted_at is null)),
      'wall_stickers', public.sync_rows((select jsonb_agg(s.id) from public.wall_stickers s join public.walls w on w.id = s.wall_id where s.wall_id = arg and s.deleted_at is null and w.deleted_at is null)),
      'profiles', public.sync_rows((
        select jsonb_agg(p.id) from public.profiles p
         where p.id in (
           select w.owner_id from public.walls w where w.id = arg and w.deleted_at is null
           union select pol.created_by from public.polaroids pol where pol.wall_id = arg and pol.deleted_at is null
           union select s.created_by from public.wall_stickers s where s.wall_id = arg and s.deleted_at is null)))
    );

  elsif kind = 'profile' then
    -- A window: the profile, the walls the caller may see with their previews, and visible items.
    cursor_from := '0';
    select p.id into target_user from public.profiles p where lower(p.username) = lower(arg) and p.deleted_at is null;
    with own_walls as (
      select w.* from public.walls w where w.owner_id = target_user and w.deleted_at is null
    )
    select jsonb_build_object(
             'profiles', public.sync_rows((select jsonb_agg(to_jsonb(p)) from public.profiles p where p.id = target_user)),
             'walls', public.sync_rows((select jsonb_agg(to_jsonb(w)) from own_walls w)),
             'polaroids', public.sync_rows((
               select jsonb_agg(to_jsonb(preview)) from own_walls r
                cross join lateral (
                  select p.* from public.polaroids p where p.wall_id = r.id and p.deleted_at is null
                   order by p.created_at desc, p.id limit 4) preview)),
             'wardrobe_items', public.sync_rows((select jsonb_agg(to_jsonb(i)) from public.wardrobe_items i where i.user_id = target_user and i.deleted_at is null)),
             'clothing_tags', public.sync_rows((
               select jsonb_agg(to_jsonb(t)) from public.clothing_tags t join public.wardrobe_items i on i.id = t.wardrobe_item_id
                where i.user_id = target_user and t.deleted_at is null and i.deleted_at is null))),
           jsonb_build_object('wall_stats', public.sync_wall_stats((select array_agg(id) from own_walls)))
      into out_rows, out_extra;
    out_members := public.sync_members_of(out_rows);

  elsif kind = 'mooris' then
    -- A window, not a cursor: the newest visible walls with their owners, previews and counts.
    cursor_from := '0';
    with recent as (
      select w.* from public.walls w where w.deleted_at is null order by w.created_at desc, w.id limit 120
    )
    select jsonb_build_object(
             'walls', public.sync_rows((select jsonb_agg(to_jsonb(r)) from recent r)),
             'profiles', public.sync_rows((select jsonb_agg(to_jsonb(p)) from public.profiles p where p.id in (select owner_id from recent))),
             'polaroids', public.sync_rows((
               select jsonb_agg(to_jsonb(preview)) from recent r
                cross join lateral (
                  select p.* from public.polaroids p where p.wall_id = r.id and p.deleted_at is null
                   order by p.created_at desc, p.id limit 4) preview))),
           jsonb_build_object('wall_stats', public.sync_wall_stats((select array_agg(id) from recent)))
      into out_rows, out_extra;
    out_members := public.sync_members_of(out_rows);

  elsif kind = 'discover' then
    -- A window: the newest visible polaroids of open walls, with their walls and authors.
    cursor_from := '0';
    with recent as (
      select p.* from public.polaroids p join public.walls w on w.id = p.wall_id
       where p.deleted_at is null and w.deleted_at is null
       order by p.created_at desc, p.id limit 240
    )
    select jsonb_build_object(
             'polaroids', public.sync_rows((select jsonb_agg(to_jsonb(r)) from recent r)),
             'walls', public.sync_rows((select jsonb_agg(to_jsonb(w)) from public.walls w where w.id in (select wall_id from recent))),
             'profiles', public.sync_rows((select jsonb_agg(to_jsonb(p)) from public.profiles p where p.id in (select created_by from recent))))
      into out_rows;
    out_members := public.sync_members_of(out_rows);

  else
    raise exception 'Unknown sync scope %', scope using errcode = '22023';
  end if;

  return jsonb_build_object(
    'scope', scope,
    'cursor', case when kind in ('me', 'wall') then fence::text end,
    'rows', out_rows,
    'members', out_members
  ) || out_extra;
end
$$;

-- Counts and the four newest polaroids of walls, for wall cards (spec: up to 4 previews and a count).
create or replace function public.sync_wall_stats(wall_ids text[]) returns jsonb
language sql stable
set search_path = ''
as $$
  select public.sync_rows(jsonb_agg(jsonb_build_object(
           'wall_id', w.id,
           'polaroid_count', (select count(*) from public.polaroids p where p.wall_id = w.id and p.deleted_at is null),
           'preview_ids', public.sync_rows((
             select jsonb_agg(newest.id) from (
               select p.id from public.polaroids p where p.wall_id = w.id and p.deleted_at is null
                order by p.created_at desc, p.id limit 4) newest)))))
    from public.walls w
   where w.id = any (coalesce(wall_ids, '{}'))
$$;
