-- Images in polaroid-images follow the wall they are on (issue: a private wall's images could be listed
-- and read by anyone). The bucket stays public (spec §9): an object's public URL still works for whoever
-- already has it, since its name holds a random 126-bit id and cannot be guessed. What changes is who
-- may find one: listing, info, signing and authenticated downloads (all `select` on storage.objects)
-- now show an object only to its owner, or when a polaroid or sticker the caller can see shows it, or
-- when it is a profile's avatar (profiles are public). Nothing of a private wall reaches anyone but
-- its owner; an empty prefix no longer lists every user's folder.
--
-- A wall made private keeps its images where they are: people who saw it while it was public may
-- have kept the image itself, moving the file would not take that back, and image paths are fixed
-- after insert (offline replicas, pending uploads and the image cache key on them). Making a wall
-- private stops every way of discovering its images; it does not revoke a copy already handed out.

-- The lookups below search by image.
create index if not exists polaroids_image_path_idx on public.polaroids (image_path);
create index if not exists profiles_avatar_path_idx on public.profiles (avatar_path);

-- Security invoker: each subquery runs under its table's policies, so "a polaroid the caller can see"
-- means exactly what it means for the polaroids themselves (its wall is public, or the caller's).
create or replace function public.is_visible_polaroid_image(object_name text) returns boolean
language sql stable
set search_path = ''
as $$
  select exists (
      select 1 from public.polaroids p
       where p.image_path = 'polaroid-images/' || object_name and p.deleted_at is null
    )
    or exists (
      select 1 from public.wall_stickers s
       where s.image_path = 'polaroid-images/' || object_name and s.deleted_at is null
    )
    or exists (
      select 1 from public.profiles pr where pr.avatar_path = 'polaroid-images/' || object_name
    )
$$;

drop policy "storage: signed-out visitors read polaroid images and shared images" on storage.objects;
drop policy "storage: signed-in users read polaroid images, their own files and shared images" on storage.objects;

create policy "storage: signed-out visitors read images of public walls, avatars and shared images"
  on storage.objects for select to anon
  using (
    (bucket_id = 'polaroid-images' and public.is_visible_polaroid_image(name))
    or (bucket_id in ('wardrobe-images', 'ootd-images', 'wardrobe-stickers')
        and public.is_shared_image(bucket_id, name))
  );

create policy "storage: signed-in users read their own files, images of walls they can see and shared images"
  on storage.objects for select to authenticated
  using (
    (bucket_id in ('polaroid-images', 'wardrobe-images', 'ootd-images', 'wardrobe-stickers')
     and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'polaroid-images' and public.is_visible_polaroid_image(name))
    or (bucket_id in ('wardrobe-images', 'ootd-images', 'wardrobe-stickers')
        and public.is_shared_image(bucket_id, name))
  );
