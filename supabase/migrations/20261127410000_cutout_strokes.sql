-- A hand-fixed cut-out keeps the strokes it was made from (issue 26, "Fix it by hand"), so the cut-out
-- editor reopens on the fix (the strokes re-applied exactly, Undo going on from there) instead of the model's
-- cut-out. They are the owner's hints on the model's view of the photo, in the working image's pixels:
-- {"v":1,"width":…,"height":…,"strokes":[{"mode":"keep"|"remove","radius":…,"points":[x,y,…]},…]}.
-- Rules: an object of at most 64 KiB as text (src/data/wardrobe/cutoutStrokes.ts keeps to the same
-- bound; the row syncs to every device of its owner); only with a hand-fixed cut-out: whenever the cut-out
-- is not 'edited' (the engine's, a device's, none), its strokes go (the trigger, on every path).

alter table public.wardrobe_items
  add column cutout_strokes jsonb
    constraint wardrobe_items_cutout_strokes_bounded check (
      cutout_strokes is null
      or (jsonb_typeof(cutout_strokes) = 'object' and octet_length(cutout_strokes::text) <= 65536)
    );

create or replace function public.wardrobe_item_strokes_follow_cutout() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.cutout_source is distinct from 'edited' then
    new.cutout_strokes := null;
  end if;
  return new;
end
$$;

-- After wardrobe_items_engine_fields (triggers fire by name), which may keep or stamp the source.
create trigger wardrobe_items_strokes before insert or update on public.wardrobe_items
  for each row execute function public.wardrobe_item_strokes_follow_cutout();
