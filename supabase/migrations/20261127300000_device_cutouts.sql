-- Cut-outs made on the device (issue 26): the owner may now set an item's cut-out, which was the wardrobe
-- engine's alone. `cutout_source` says who made the current one: 'engine' (the server), 'device' (the
-- same model and refinement run in the owner's browser, offline) or 'edited' (fixed by hand in the
-- cut-out editor). The rules, in the trigger so they are the same for every path (sync_push, REST,
-- the engine's own writes and complete_ootd_job):
-- - the owner may set a cut-out only to a file in their own folder named after the item
--   (wardrobe-stickers/<user_id>/cutouts/<item id>-…), and only as 'device' or 'edited';
-- - the first automatic cut-out wins: a 'device' one over an item that already has a cut-out changes
--   nothing (a silent no-op, so the device's queued change is not refused; its next pull brings the
--   cut-out that is there);
-- - a hand fix always wins: 'edited' always applies, and the engine never replaces an edited cut-out;
-- - whatever the engine (service role) sets is stamped 'engine'; the analysis stays the engine's alone.

alter table public.wardrobe_items
  add column cutout_source text
    constraint wardrobe_items_cutout_source_known check (cutout_source in ('engine', 'device', 'edited'));

update public.wardrobe_items set cutout_source = 'engine' where cutout_path is not null;

alter table public.wardrobe_items
  add constraint wardrobe_items_cutout_source_with_path check ((cutout_path is null) = (cutout_source is null));

create or replace function public.guard_wardrobe_item_engine_fields() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  own_prefix text;
  changed boolean;
begin
  if coalesce(auth.role(), '') = 'service_role' then
    if new.cutout_path is null then
      new.cutout_source := null;
    elsif tg_op = 'INSERT' then
      new.cutout_source := coalesce(new.cutout_source, 'engine');
    elsif new.cutout_path is distinct from old.cutout_path
          and new.cutout_source is not distinct from old.cutout_source then
      if old.cutout_source = 'edited' then
        -- The engine (a late job, complete_ootd_job's coalesce) never replaces a hand fix.
        new.cutout_path := old.cutout_path;
      else
        new.cutout_source := 'engine';
      end if;
    end if;
    return new;
  end if;

  if tg_op = 'INSERT' then
    if new.analysis is not null then
      raise exception 'The outfit analysis and cut-outs are made by the wardrobe engine.' using errcode = '42501';
    end if;
    changed := new.cutout_path is not null or new.cutout_source is not null;
  else
    if old.analysis is distinct from new.analysis then
      raise exception 'The outfit analysis and cut-outs are made by the wardrobe engine.' using errcode = '42501';
    end if;
    changed := old.cutout_path is distinct from new.cutout_path or old.cutout_source is distinct from new.cutout_source;
  end if;
  if not changed then
    return new;
  end if;

  own_prefix := 'wardrobe-stickers/' || new.user_id::text || '/cutouts/' || new.id || '-';
  if new.cutout_source is null or new.cutout_source not in ('device', 'edited')
     or new.cutout_path is null
     or new.user_id is distinct from auth.uid()
     or not starts_with(new.cutout_path, own_prefix)
     or position('/' in substr(new.cutout_path, length(own_prefix) + 1)) > 0 then
    raise exception 'A cut-out must be a file in your own cut-outs folder named after the item.' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and new.cutout_source = 'device' and old.cutout_path is not null then
    -- The first automatic cut-out wins.
    new.cutout_path := old.cutout_path;
    new.cutout_source := old.cutout_source;
  end if;
  return new;
end
$$;
