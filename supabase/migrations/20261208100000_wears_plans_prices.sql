-- Issue 41: what I wore, what I plan to wear, and what each piece cost. Three owner-only synced tables:
--
-- - `wears`: one item worn on one day. `source` says how it came: 'photo' (an outfit photo: every item
--   that came out of it, `outfit_item_id` the photo's own item), 'hand' ("Wore today") or 'plan' (a plan
--   turned into wears, `plan_id`). One photo is one wear of each of its items, however often it is sent.
-- - `outfit_plans`: a future day holding a wall and/or a set of the owner's items; `worn_at` is set when
--   "Wore it" turned it into wears.
-- - `item_prices`: an item's price, apart from the item because an item may be public and its price is
--   never anyone else's business. Its id is the item's id (one price per item, kept in place: clearing
--   sets amount and currency to null, since a tombstone is final and the price may be set again).
--
-- All three are private to their owner whatever the item's visibility: only the owner selects, inserts
-- and updates; nobody deletes over the API (removal is a soft delete the owner's other devices see);
-- signed-out visitors have no privileges on them at all. No public path (the `profile:`, `wardrobe`,
-- `mooris`, `discover`, `wall:` pulls, moodboards) reads them: they come only with the owner's `me` pull.
-- A wear, a plan's items and a price must all be the writer's own live items (triggers below, for every
-- role, and the insert policies for API users).
-- An item's wears and price go with it: soft-deleting the item soft-deletes them in the same transaction.

create table public.wears (
  id text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  item_id text not null references public.wardrobe_items (id) on delete cascade,
  worn_on date not null,
  source text not null default 'hand',
  outfit_item_id text references public.wardrobe_items (id) on delete cascade,
  plan_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  constraint wears_id_format check (public.is_client_id(id)),
  constraint wears_source_known check (source in ('photo', 'hand', 'plan')),
  constraint wears_photo_names_its_outfit check ((source = 'photo') = (outfit_item_id is not null)),
  constraint wears_plan_only_from_plans check (plan_id is null or source = 'plan'),
  -- The upper bound depends on today, so it lives in the trigger.
  constraint wears_worn_on_sane check (worn_on >= date '1900-01-01')
);

create index wears_txid_idx on public.wears (txid);
create index wears_user_txid_idx on public.wears (user_id, txid);
create index wears_item_idx on public.wears (item_id, worn_on);
-- One wear per item per outfit photo, and per item per plan, while live (a removed one may come back).
create unique index wears_one_per_photo on public.wears (item_id, outfit_item_id)
  where source = 'photo' and deleted_at is null;
create unique index wears_one_per_plan on public.wears (item_id, plan_id)
  where source = 'plan' and deleted_at is null;

create table public.outfit_plans (
  id text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  planned_for date not null,
  -- Cascades rather than set null: walls and plans are only ever removed for good with their owner's
  -- account, and a set null would be an update, which a tombstoned row refuses.
  wall_id text references public.walls (id) on delete cascade,
  item_ids text[] not null default '{}',
  worn_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  constraint outfit_plans_id_format check (public.is_client_id(id)),
  constraint outfit_plans_planned_for_sane check (planned_for >= date '2000-01-01'),
  constraint outfit_plans_item_count check (cardinality(item_ids) <= 100),
  constraint outfit_plans_items_are_ids check (array_position(item_ids, null) is null)
);

create index outfit_plans_txid_idx on public.outfit_plans (txid);
create index outfit_plans_user_txid_idx on public.outfit_plans (user_id, txid);

alter table public.wears
  add constraint wears_plan_fk foreign key (plan_id) references public.outfit_plans (id) on delete cascade;

create table public.item_prices (
  -- The wardrobe item's id: one price per item.
  id text primary key references public.wardrobe_items (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  amount numeric,
  currency text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  constraint item_prices_amount_sane check (amount >= 0 and amount < 1000000000 and amount = round(amount, 3)),
  constraint item_prices_currency_code check (currency ~ '^[A-Z]{3}$'),
  constraint item_prices_amount_with_currency check ((amount is null) = (currency is null))
);

create index item_prices_txid_idx on public.item_prices (txid);
create index item_prices_user_txid_idx on public.item_prices (user_id, txid);

-- The item a wear, plan or price names must be the row owner's own, and live when it is first named.
-- Runs as the caller: another user's private item is invisible, so it reads as "no longer exists".
create or replace function public.require_own_live_item(item text, owner uuid) returns void
language plpgsql stable
set search_path = ''
as $$
declare
  found_owner uuid;
  found_deleted timestamptz;
begin
  select i.user_id, i.deleted_at into found_owner, found_deleted from public.wardrobe_items i where i.id = item;
  if found_owner is null or found_deleted is not null then
    raise exception 'This item no longer exists.' using errcode = 'P0001';
  end if;
  if found_owner <> owner then
    raise exception 'You can only do this with your own items.' using errcode = '42501';
  end if;
end
$$;

create or replace function public.guard_wear() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    perform public.forbid_change('id', old.id, new.id);
    perform public.forbid_change('user_id', old.user_id, new.user_id);
    perform public.forbid_change('item_id', old.item_id, new.item_id);
    perform public.forbid_change('source', old.source, new.source);
    perform public.forbid_change('outfit_item_id', old.outfit_item_id, new.outfit_item_id);
    perform public.forbid_change('plan_id', old.plan_id, new.plan_id);
  else
    perform public.require_own_live_item(new.item_id, new.user_id);
    if new.outfit_item_id is not null then
      perform public.require_own_live_item(new.outfit_item_id, new.user_id);
    end if;
    if new.plan_id is not null
       and not exists (select 1 from public.outfit_plans p where p.id = new.plan_id and p.user_id = new.user_id) then
      raise exception 'You can only do this with your own plans.' using errcode = '42501';
    end if;
  end if;
  -- A wear is in the past; a day's slack for the time zones ahead of the server's.
  if (tg_op = 'INSERT' or new.worn_on is distinct from old.worn_on) and new.worn_on > current_date + 1 then
    raise exception 'A wear cannot be on a day that has not come yet.' using errcode = '23514';
  end if;
  return new;
end
$$;

create or replace function public.guard_outfit_plan() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  item text;
begin
  if tg_op = 'UPDATE' then
    perform public.forbid_change('id', old.id, new.id);
    perform public.forbid_change('user_id', old.user_id, new.user_id);
  end if;
  if tg_op = 'INSERT' or new.item_ids is distinct from old.item_ids then
    foreach item in array new.item_ids loop
      perform public.require_own_live_item(item, new.user_id);
    end loop;
  end if;
  if (tg_op = 'INSERT' or new.wall_id is distinct from old.wall_id) and new.wall_id is not null
     and not exists (select 1 from public.walls w where w.id = new.wall_id and w.deleted_at is null) then
    raise exception 'This Moori no longer exists.' using errcode = 'P0001';
  end if;
  if tg_op = 'INSERT' and new.wall_id is null and cardinality(new.item_ids) = 0 then
    raise exception 'A plan needs a Moori or at least one item.' using errcode = '23514';
  end if;
  if (tg_op = 'INSERT' or new.planned_for is distinct from old.planned_for)
     and new.planned_for > current_date + 800 then
    raise exception 'A plan can be at most two years ahead.' using errcode = '23514';
  end if;
  return new;
end
$$;

create or replace function public.guard_item_price() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    perform public.forbid_change('id', old.id, new.id);
    perform public.forbid_change('user_id', old.user_id, new.user_id);
  else
    perform public.require_own_live_item(new.id, new.user_id);
  end if;
  return new;
end
$$;

create trigger wears_guard before insert or update on public.wears
  for each row execute function public.guard_wear();
create trigger wears_stamp before insert or update on public.wears
  for each row execute function public.stamp_sync_columns();
create trigger outfit_plans_guard before insert or update on public.outfit_plans
  for each row execute function public.guard_outfit_plan();
create trigger outfit_plans_stamp before insert or update on public.outfit_plans
  for each row execute function public.stamp_sync_columns();
create trigger item_prices_guard before insert or update on public.item_prices
  for each row execute function public.guard_item_price();
create trigger item_prices_stamp before insert or update on public.item_prices
  for each row execute function public.stamp_sync_columns();

-- When an item is soft-deleted, so are its wears and its price, in the same transaction: the owner's
-- devices get the tombstones with their next `me` pull, and no count, last-worn day or cost per wear
-- is left for a piece that is no longer in the wardrobe. Security invoker, like tombstone_wall_items:
-- only the item's owner (or the service role) can tombstone an item, and its wears and price are always
-- the owner's (the guards above). Left alone: the wears an outfit photo made of other items (they were
-- still worn that day) and plans naming the item ("Wore it" leaves gone items out).
create or replace function public.tombstone_item_diary() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.wears set deleted_at = new.deleted_at where item_id = new.id and deleted_at is null;
  update public.item_prices set deleted_at = new.deleted_at where id = new.id and deleted_at is null;
  return null;
end
$$;

create trigger wardrobe_items_tombstone_diary after update of deleted_at on public.wardrobe_items
  for each row when (old.deleted_at is null and new.deleted_at is not null)
  execute function public.tombstone_item_diary();

alter table public.wears enable row level security;
alter table public.outfit_plans enable row level security;
alter table public.item_prices enable row level security;

-- Signed-out visitors get nothing, not even an empty answer shaped by a policy.
revoke all on table public.wears, public.outfit_plans, public.item_prices from anon;

create policy "wears: users read their own wears"
  on public.wears for select to authenticated
  using (user_id = (select auth.uid()));

create policy "wears: users record wears of their own items"
  on public.wears for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.wardrobe_items i where i.id = item_id and i.user_id = (select auth.uid()))
  );

create policy "wears: users move or remove their own wears"
  on public.wears for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "outfit_plans: users read their own plans"
  on public.outfit_plans for select to authenticated
  using (user_id = (select auth.uid()));

create policy "outfit_plans: users plan their own days"
  on public.outfit_plans for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "outfit_plans: users change or remove their own plans"
  on public.outfit_plans for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "item_prices: users read their own prices"
  on public.item_prices for select to authenticated
  using (user_id = (select auth.uid()));

create policy "item_prices: users price their own items"
  on public.item_prices for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.wardrobe_items i where i.id = item_prices.id and i.user_id = (select auth.uid()))
  );

create policy "item_prices: users change their own prices"
  on public.item_prices for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

alter publication supabase_realtime add table public.wears, public.outfit_plans, public.item_prices;

-- The device pushes them like every other change (otherwise as in 20261127100000_batch_push.sql).
create or replace function public.sync_apply_change(m jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  writable constant text[] := array[
    'profiles', 'walls', 'polaroids', 'wall_stickers', 'wardrobe_items', 'clothing_tags',
    'wears', 'outfit_plans', 'item_prices'];
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

-- `me` carries them (and only `me`: no other branch names these tables); otherwise as in
-- 20261124000100_wardrobe_import.sql.
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
      'processing_jobs', public.sync_rows((select jsonb_agg(to_jsonb(j)) from public.processing_jobs j where j.user_id = caller and j.txid >= cursor_from)),
      'wears', public.sync_rows((select jsonb_agg(to_jsonb(x)) from public.wears x where x.user_id = caller and x.txid >= cursor_from)),
      'outfit_plans', public.sync_rows((select jsonb_agg(to_jsonb(o)) from public.outfit_plans o where o.user_id = caller and o.txid >= cursor_from)),
      'item_prices', public.sync_rows((select jsonb_agg(to_jsonb(c)) from public.item_prices c where c.user_id = caller and c.txid >= cursor_from))
    );
    out_members := jsonb_build_object(
      'profiles', public.sync_rows((select jsonb_agg(p.id) from public.profiles p where p.id = caller and p.deleted_at is null)),
      'walls', public.sync_rows((select jsonb_agg(w.id) from public.walls w where w.owner_id = caller and w.deleted_at is null)),
      'wardrobe_items', public.sync_rows((select jsonb_agg(i.id) from public.wardrobe_items i where i.user_id = caller and i.deleted_at is null)),
      'clothing_tags', public.sync_rows((select jsonb_agg(t.id) from public.clothing_tags t join public.wardrobe_items i on i.id = t.wardrobe_item_id where i.user_id = caller and t.deleted_at is null and i.deleted_at is null)),
      'processing_jobs', public.sync_rows((select jsonb_agg(j.id) from public.processing_jobs j where j.user_id = caller and j.deleted_at is null)),
      'wears', public.sync_rows((select jsonb_agg(x.id) from public.wears x where x.user_id = caller and x.deleted_at is null)),
      'outfit_plans', public.sync_rows((select jsonb_agg(o.id) from public.outfit_plans o where o.user_id = caller and o.deleted_at is null)),
      'item_prices', public.sync_rows((select jsonb_agg(c.id) from public.item_prices c where c.user_id = caller and c.deleted_at is null))
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

  elsif kind = 'wardrobe' then
    -- A window for wardrobe import: the newest public items of other people, with their tags and
    -- owners (the caller's own items come with `me`).
    cursor_from := '0';
    with shared as (
      select i.* from public.wardrobe_items i
       where i.is_public and i.deleted_at is null and i.user_id is distinct from caller
       order by i.created_at desc, i.id limit 300
    )
    select jsonb_build_object(
             'wardrobe_items', public.sync_rows((select jsonb_agg(to_jsonb(s)) from shared s)),
             'clothing_tags', public.sync_rows((
               select jsonb_agg(to_jsonb(t)) from public.clothing_tags t
                where t.deleted_at is null and t.wardrobe_item_id in (select id from shared))),
             'profiles', public.sync_rows((select jsonb_agg(to_jsonb(p)) from public.profiles p where p.id in (select user_id from shared))))
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

