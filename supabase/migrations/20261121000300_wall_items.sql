-- Polaroids and stickers on walls. Readable when their wall is; any signed-in user who can see an open
-- wall adds items as themselves; an item is moved or deleted by its creator or the wall owner; only the
-- wall owner edits a polaroid's name and message (spec §5, §6).
--
-- Visibility is expressed as "the wall row is visible to you": the subquery runs under the walls
-- policies, so the rule for private walls lives in one place.

create table public.polaroids (
  id text primary key,
  wall_id text not null references public.walls (id) on delete cascade,
  name text not null default '',
  message text not null default '',
  image_path text,
  external_url text,
  original_page_url text,
  "timestamp" bigint not null default (extract(epoch from now()) * 1000)::bigint,
  created_by uuid not null references public.profiles (id) on delete cascade,
  username text,
  x double precision not null default 0,
  y double precision not null default 0,
  z_index integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  constraint polaroids_id_format check (public.is_client_id(id)),
  constraint polaroids_image_provided check (image_path is not null or external_url is not null),
  constraint polaroids_image_path_bucket check (image_path is null or image_path ~ '^polaroid-images/[^/]+/.+'),
  constraint polaroids_external_url_http check (external_url is null or external_url ~* '^https?://\S+$'),
  constraint polaroids_original_page_url_http check (original_page_url is null or original_page_url ~* '^https?://\S+$'),
  constraint polaroids_name_length check (char_length(name) <= 100),
  constraint polaroids_message_length check (char_length(message) <= 500),
  constraint polaroids_timestamp_positive check ("timestamp" > 0),
  constraint polaroids_position_sane check (x between -1000000 and 1000000 and y between -1000000 and 1000000),
  constraint polaroids_z_index_sane check (z_index between 0 and 1000000000)
);

create index polaroids_txid_idx on public.polaroids (txid);
create index polaroids_wall_txid_idx on public.polaroids (wall_id, txid);
create index polaroids_created_by_idx on public.polaroids (created_by);
-- Discover: newest polaroids first.
create index polaroids_created_idx on public.polaroids (created_at desc) where deleted_at is null;

create table public.wall_stickers (
  id text primary key,
  wall_id text not null references public.walls (id) on delete cascade,
  name text not null default '',
  image_path text not null,
  "timestamp" bigint not null default (extract(epoch from now()) * 1000)::bigint,
  created_by uuid not null references public.profiles (id) on delete cascade,
  username text,
  x double precision not null default 100,
  y double precision not null default 100,
  z_index integer not null default 1,
  original_item_id text,
  original_item_name text,
  original_item_description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  constraint wall_stickers_id_format check (public.is_client_id(id)),
  constraint wall_stickers_image_path_bucket check (
    image_path ~ '^(wardrobe-stickers|wardrobe-images|polaroid-images)/[^/]+/.+'
  ),
  constraint wall_stickers_name_length check (char_length(name) <= 100),
  constraint wall_stickers_original_item_name_length check (char_length(original_item_name) <= 100),
  constraint wall_stickers_original_item_description_length check (char_length(original_item_description) <= 1000),
  constraint wall_stickers_timestamp_positive check ("timestamp" > 0),
  constraint wall_stickers_position_sane check (x between -1000000 and 1000000 and y between -1000000 and 1000000),
  constraint wall_stickers_z_index_sane check (z_index between 0 and 1000000000)
);

create index wall_stickers_txid_idx on public.wall_stickers (txid);
create index wall_stickers_wall_txid_idx on public.wall_stickers (wall_id, txid);
create index wall_stickers_created_by_idx on public.wall_stickers (created_by);
-- Storage policies look stickers up by the image they show.
create index wall_stickers_image_path_idx on public.wall_stickers (image_path);

-- The username on a card is the creator's, whatever the client sent.
create or replace function public.set_item_username() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.username := (select p.username from public.profiles p where p.id = new.created_by);
  return new;
end
$$;

create or replace function public.is_wall_owner(target_wall_id text) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.walls w where w.id = target_wall_id and w.owner_id = (select auth.uid())
  )
$$;

-- Only position, z-order and deletion change after insert, and for polaroids the name and message,
-- which only the wall owner may edit.
create or replace function public.guard_wall_item_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform public.forbid_change('id', old.id, new.id);
  perform public.forbid_change('wall_id', old.wall_id, new.wall_id);
  perform public.forbid_change('created_by', old.created_by, new.created_by);
  perform public.forbid_change('image_path', old.image_path, new.image_path);
  perform public.forbid_change('timestamp', old."timestamp", new."timestamp");
  perform public.forbid_change('username', old.username, new.username);
  if tg_table_name = 'polaroids' then
    perform public.forbid_change('external_url', to_jsonb(old) ->> 'external_url', to_jsonb(new) ->> 'external_url');
    if ((to_jsonb(old) ->> 'name') is distinct from (to_jsonb(new) ->> 'name')
        or (to_jsonb(old) ->> 'message') is distinct from (to_jsonb(new) ->> 'message'))
       and coalesce(auth.role(), '') <> 'service_role'
       and not public.is_wall_owner(new.wall_id) then
      raise exception 'Only the owner of this Moori can edit a polaroid''s name and message.'
        using errcode = '42501';
    end if;
  else
    perform public.forbid_change('name', to_jsonb(old) ->> 'name', to_jsonb(new) ->> 'name');
    perform public.forbid_change('original_item_id', to_jsonb(old) ->> 'original_item_id', to_jsonb(new) ->> 'original_item_id');
  end if;
  return new;
end
$$;

create trigger polaroids_username before insert on public.polaroids
  for each row execute function public.set_item_username();
create trigger polaroids_guard before update on public.polaroids
  for each row execute function public.guard_wall_item_update();
create trigger polaroids_stamp before insert or update on public.polaroids
  for each row execute function public.stamp_sync_columns();

create trigger wall_stickers_username before insert on public.wall_stickers
  for each row execute function public.set_item_username();
create trigger wall_stickers_guard before update on public.wall_stickers
  for each row execute function public.guard_wall_item_update();
create trigger wall_stickers_stamp before insert or update on public.wall_stickers
  for each row execute function public.stamp_sync_columns();

-- A wall's tombstone tombstones everything on it, however the wall was deleted (delete_own_wall, or its
-- owner setting deleted_at directly), so no live polaroid or sticker is left on a deleted wall: such
-- items would still show in Discover and could still be moved. Security invoker: only the wall owner
-- (or the service role) can tombstone a wall, and the owner may update every item on it.
create or replace function public.tombstone_wall_items() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.polaroids set deleted_at = new.deleted_at where wall_id = new.id and deleted_at is null;
  update public.wall_stickers set deleted_at = new.deleted_at where wall_id = new.id and deleted_at is null;
  return null;
end
$$;

create trigger walls_tombstone_items after update of deleted_at on public.walls
  for each row when (old.deleted_at is null and new.deleted_at is not null)
  execute function public.tombstone_wall_items();

-- A sticker makes its image readable to everyone who can see the wall (see the storage policies), so a
-- user may only stick an image they may share: one in their own folder, one from the public polaroid
-- bucket, or the image of a wardrobe item they can see (their own or a public one). Security invoker:
-- the wardrobe lookup runs under the wardrobe policies. plpgsql, because wardrobe_items is created by
-- a later migration and is only looked up when the function runs.
create or replace function public.may_share_image(image_path text) returns boolean
language plpgsql stable
set search_path = ''
as $$
begin
  return split_part(image_path, '/', 2) = (select auth.uid())::text
    or split_part(image_path, '/', 1) = 'polaroid-images'
    or exists (
      select 1 from public.wardrobe_items i
       where i.image_path = may_share_image.image_path and i.deleted_at is null
    );
end
$$;

alter table public.polaroids enable row level security;
alter table public.wall_stickers enable row level security;

-- polaroids -------------------------------------------------------------------------------------

create policy "polaroids: signed-out visitors read polaroids of public walls"
  on public.polaroids for select to anon
  using (exists (select 1 from public.walls w where w.id = wall_id));

create policy "polaroids: signed-in users read polaroids of walls they can see"
  on public.polaroids for select to authenticated
  using (exists (select 1 from public.walls w where w.id = wall_id));

create policy "polaroids: signed-in users add polaroids as themselves to open walls they can see"
  on public.polaroids for insert to authenticated
  with check (
    created_by = (select auth.uid())
    and exists (select 1 from public.walls w where w.id = wall_id and w.deleted_at is null)
  );

create policy "polaroids: the creator or the wall owner moves, edits or deletes"
  on public.polaroids for update to authenticated
  using (created_by = (select auth.uid()) or public.is_wall_owner(wall_id))
  with check (created_by = (select auth.uid()) or public.is_wall_owner(wall_id));

create policy "polaroids: the creator or the wall owner removes"
  on public.polaroids for delete to authenticated
  using (created_by = (select auth.uid()) or public.is_wall_owner(wall_id));

-- wall_stickers ---------------------------------------------------------------------------------

create policy "wall_stickers: signed-out visitors read stickers of public walls"
  on public.wall_stickers for select to anon
  using (exists (select 1 from public.walls w where w.id = wall_id));

create policy "wall_stickers: signed-in users read stickers of walls they can see"
  on public.wall_stickers for select to authenticated
  using (exists (select 1 from public.walls w where w.id = wall_id));

create policy "wall_stickers: signed-in users add stickers as themselves to open walls they can see"
  on public.wall_stickers for insert to authenticated
  with check (
    created_by = (select auth.uid())
    and exists (select 1 from public.walls w where w.id = wall_id and w.deleted_at is null)
    and public.may_share_image(image_path)
  );

create policy "wall_stickers: the creator or the wall owner moves or deletes"
  on public.wall_stickers for update to authenticated
  using (created_by = (select auth.uid()) or public.is_wall_owner(wall_id))
  with check (created_by = (select auth.uid()) or public.is_wall_owner(wall_id));

create policy "wall_stickers: the creator or the wall owner removes"
  on public.wall_stickers for delete to authenticated
  using (created_by = (select auth.uid()) or public.is_wall_owner(wall_id));
