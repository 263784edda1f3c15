-- Storage buckets (spec §9) and who may touch which object. Every object name starts with its owner's
-- user id folder; users write only there. Private images are readable by their owner, and by anyone
-- who can see a wall they are stuck on or when they belong to a public wardrobe item.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('polaroid-images', 'polaroid-images', true, 5242880,
   array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']),
  ('wardrobe-images', 'wardrobe-images', false, 5242880,
   array['image/jpeg', 'image/png', 'image/webp', 'image/avif']),
  ('ootd-images', 'ootd-images', false, 5242880,
   array['image/jpeg', 'image/png', 'image/webp', 'image/avif']),
  ('wardrobe-stickers', 'wardrobe-stickers', false, 5242880,
   array['image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Private images shown to people other than their owner: stickers on walls they can see, and images
-- of public wardrobe items. Both subqueries run under the policies of their tables.
create or replace function public.is_shared_image(bucket text, object_name text) returns boolean
language sql stable
set search_path = ''
as $$
  select exists (
      select 1 from public.wall_stickers s
       where s.image_path = bucket || '/' || object_name and s.deleted_at is null
    )
    or exists (
      select 1 from public.wardrobe_items i
       where i.image_path = bucket || '/' || object_name and i.is_public and i.deleted_at is null
    )
$$;

create policy "storage: signed-out visitors read polaroid images and shared images"
  on storage.objects for select to anon
  using (
    bucket_id = 'polaroid-images'
    or (bucket_id in ('wardrobe-images', 'ootd-images', 'wardrobe-stickers')
        and public.is_shared_image(bucket_id, name))
  );

create policy "storage: signed-in users read polaroid images, their own files and shared images"
  on storage.objects for select to authenticated
  using (
    bucket_id = 'polaroid-images'
    or (bucket_id in ('wardrobe-images', 'ootd-images', 'wardrobe-stickers')
        and ((storage.foldername(name))[1] = (select auth.uid())::text
             or public.is_shared_image(bucket_id, name)))
  );

create policy "storage: users upload only into their own folder"
  on storage.objects for insert to authenticated
  with check (
    bucket_id in ('polaroid-images', 'wardrobe-images', 'ootd-images', 'wardrobe-stickers')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "storage: users replace only files in their own folder"
  on storage.objects for update to authenticated
  using (
    bucket_id in ('polaroid-images', 'wardrobe-images', 'ootd-images', 'wardrobe-stickers')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  )
  with check (
    bucket_id in ('polaroid-images', 'wardrobe-images', 'ootd-images', 'wardrobe-stickers')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "storage: users delete only files in their own folder"
  on storage.objects for delete to authenticated
  using (
    bucket_id in ('polaroid-images', 'wardrobe-images', 'ootd-images', 'wardrobe-stickers')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );
