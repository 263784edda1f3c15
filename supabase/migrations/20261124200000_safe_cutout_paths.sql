-- The wardrobe engine's cut-out path follows the rule every stored path follows (no `.` or `..`
-- segments, no empty segment, backslash or control character). Written by the engine only, but checked
-- like the rest so a path column never slips through.
alter table public.wardrobe_items
  add constraint wardrobe_items_cutout_path_safe
  check (cutout_path is null or public.is_safe_object_path(cutout_path));
