-- Remote procedures with the spec's names and parameters (spec §7), plus item deletes. They check the
-- same rules as the row-level policies but say why a call is refused, with the spec's messages where
-- it has them: a policy only filters rows, so an UPDATE that is not allowed would silently do nothing.
-- Deletes are soft (deleted_at) so that other devices learn of them; repeating one is harmless.

create or replace function public.require_caller(message text) returns uuid
language plpgsql stable
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null then
    raise exception '%', message using errcode = '42501';
  end if;
  return caller;
end
$$;

create or replace function public.move_polaroid(
  p_id text,
  new_x double precision,
  new_y double precision,
  new_z_index integer
) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := public.require_caller('You must be signed in to move items.');
  item record;
begin
  select p.created_by, p.deleted_at, w.owner_id, w.private, w.deleted_at as wall_deleted_at
    into item
    from public.polaroids p join public.walls w on w.id = p.wall_id
   where p.id = p_id
     for update of p;
  if not found or item.deleted_at is not null or item.wall_deleted_at is not null
     or (item.private and item.owner_id <> caller) then
    raise exception 'This item no longer exists.' using errcode = 'P0001';
  end if;
  if item.created_by <> caller and item.owner_id <> caller then
    raise exception 'You can only move your own items or items on Mooris you own.' using errcode = '42501';
  end if;
  update public.polaroids set x = new_x, y = new_y, z_index = new_z_index where id = p_id;
end
$$;

create or replace function public.move_wall_sticker(
  sticker_id text,
  new_x double precision,
  new_y double precision,
  new_z_index integer
) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := public.require_caller('You must be signed in to move items.');
  item record;
begin
  select s.created_by, s.deleted_at, w.owner_id, w.private, w.deleted_at as wall_deleted_at
    into item
    from public.wall_stickers s join public.walls w on w.id = s.wall_id
   where s.id = move_wall_sticker.sticker_id
     for update of s;
  if not found or item.deleted_at is not null or item.wall_deleted_at is not null
     or (item.private and item.owner_id <> caller) then
    raise exception 'This item no longer exists.' using errcode = 'P0001';
  end if;
  if item.created_by <> caller and item.owner_id <> caller then
    raise exception 'You can only move your own items or items on Mooris you own.' using errcode = '42501';
  end if;
  update public.wall_stickers
     set x = new_x, y = new_y, z_index = new_z_index
   where id = move_wall_sticker.sticker_id;
end
$$;

create or replace function public.delete_polaroid(p_id text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := public.require_caller('You must be signed in to delete items.');
  item record;
begin
  select p.created_by, p.deleted_at, w.owner_id, w.private
    into item
    from public.polaroids p join public.walls w on w.id = p.wall_id
   where p.id = p_id
     for update of p;
  if not found or (item.private and item.owner_id <> caller) then
    raise exception 'This item no longer exists.' using errcode = 'P0001';
  end if;
  if item.created_by <> caller and item.owner_id <> caller then
    raise exception 'You can only delete your own polaroids or polaroids from walls you own'
      using errcode = '42501';
  end if;
  if item.deleted_at is null then
    update public.polaroids set deleted_at = clock_timestamp() where id = p_id;
  end if;
end
$$;

create or replace function public.delete_wall_sticker(sticker_id text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := public.require_caller('You must be signed in to delete items.');
  item record;
begin
  select s.created_by, s.deleted_at, w.owner_id, w.private
    into item
    from public.wall_stickers s join public.walls w on w.id = s.wall_id
   where s.id = delete_wall_sticker.sticker_id
     for update of s;
  if not found or (item.private and item.owner_id <> caller) then
    raise exception 'This item no longer exists.' using errcode = 'P0001';
  end if;
  if item.created_by <> caller and item.owner_id <> caller then
    raise exception 'You can only delete your own stickers or stickers from walls you own'
      using errcode = '42501';
  end if;
  if item.deleted_at is null then
    update public.wall_stickers set deleted_at = clock_timestamp() where id = delete_wall_sticker.sticker_id;
  end if;
end
$$;

-- Soft-deletes a wall with all its polaroids and stickers, in one transaction.
create or replace function public.delete_own_wall(wall_id text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := public.require_caller('User must be authenticated to delete walls');
  target record;
begin
  select w.owner_id, w.private, w.deleted_at
    into target
    from public.walls w
   where w.id = delete_own_wall.wall_id
     for update;
  if not found or (target.private and target.owner_id <> caller) then
    raise exception 'This Moori no longer exists.' using errcode = 'P0001';
  end if;
  if target.owner_id <> caller then
    raise exception 'You can only delete Mooris you own.' using errcode = '42501';
  end if;
  if target.deleted_at is not null then
    return;
  end if;
  update public.polaroids set deleted_at = clock_timestamp()
   where polaroids.wall_id = delete_own_wall.wall_id and deleted_at is null;
  update public.wall_stickers set deleted_at = clock_timestamp()
   where wall_stickers.wall_id = delete_own_wall.wall_id and deleted_at is null;
  update public.walls set deleted_at = clock_timestamp() where id = delete_own_wall.wall_id;
end
$$;
