-- Stored image paths name files in storage, so they follow the same rule as storage object names: no
-- '.' or '..' segment, no empty segment, no backslash, no control character. A path that could climb
-- out of its folder is refused in every table that stores one. NOT VALID: rows already stored are left
-- alone (a deployed project may hold one), every new or changed row is checked. A table added later
-- with a *_path column adds the same check (tests/security checks that every such column has it).

create or replace function public.is_safe_object_path(path text) returns boolean
language sql immutable
set search_path = ''
as $$
  select path !~ '(^|/)\.{1,2}(/|$)'
     and path !~ '//'
     and path !~ '^/'
     and path !~ '/$'
     and strpos(path, chr(92)) = 0
     and path !~ '[[:cntrl:]]'
$$;

alter table public.polaroids add constraint polaroids_image_path_safe
  check (image_path is null or public.is_safe_object_path(image_path)) not valid;
alter table public.wall_stickers add constraint wall_stickers_image_path_safe
  check (public.is_safe_object_path(image_path)) not valid;
alter table public.wardrobe_items add constraint wardrobe_items_image_path_safe
  check (public.is_safe_object_path(image_path)) not valid;
alter table public.profiles add constraint profiles_avatar_path_safe
  check (avatar_path is null or public.is_safe_object_path(avatar_path)) not valid;
