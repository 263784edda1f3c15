-- Where an item came from never changes after insert (the wall-items migration says so, but its guard
-- missed these): a polaroid's original_page_url, and the wardrobe item name and description a sticker
-- was made from. A separate trigger, so the existing guard stays as it is.

create or replace function public.guard_item_origin() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_table_name = 'polaroids' then
    perform public.forbid_change('original_page_url',
      to_jsonb(old) ->> 'original_page_url', to_jsonb(new) ->> 'original_page_url');
  else
    perform public.forbid_change('original_item_name',
      to_jsonb(old) ->> 'original_item_name', to_jsonb(new) ->> 'original_item_name');
    perform public.forbid_change('original_item_description',
      to_jsonb(old) ->> 'original_item_description', to_jsonb(new) ->> 'original_item_description');
  end if;
  return new;
end
$$;

create trigger polaroids_guard_origin before update on public.polaroids
  for each row execute function public.guard_item_origin();
create trigger wall_stickers_guard_origin before update on public.wall_stickers
  for each row execute function public.guard_item_origin();
