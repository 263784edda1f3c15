-- Wardrobe import (spec §2, §6): a sync scope of other people's public items, and stickers that own
-- their picture.
--
-- - `sync_pull('wardrobe')`: the newest public items of other people with their tags and owners, for
--   the import dialog (the caller's own items come with `me`). The function is redefined whole, as
--   before, with the new branch.
-- - A new sticker's picture lives in its creator's own folder of wardrobe-stickers (a cut-out made for
--   them, or a copy of the item's photo), so making or deleting the item later never changes what the
--   wall shows, and a private item's photo is not readable through someone's sticker. NOT VALID: rows
--   made before this rule stay as they are.
-- - `needs_cutout` marks a sticker made offline from the item's photo; the app replaces it with the
--   cut-out once it can.

alter table public.wall_stickers
  add column needs_cutout boolean not null default false,
  add constraint wall_stickers_image_in_creator_folder check (
    image_path ~ '^wardrobe-stickers/[^/]+/.+' and split_part(image_path, '/', 2) = created_by::text
  ) not valid;

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

