-- Issue 42: a public wardrobe item's hand-fix strokes (`cutout_strokes`) and the id of the outfit job
-- that made it (`job_id`) are its owner's working data, yet other people's pulls carried them with
-- every row: the `wardrobe` import window and a `profile:` scope send whole rows. Every row set of a
-- pull passes through sync_rows, so it now drops those two fields from the wardrobe items of anyone but
-- the caller; the owner's own pulls (`me`, their own profile) keep them. Stable, not immutable: it
-- reads the caller.
create or replace function public.sync_rows(rows jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select jsonb_agg(
              case
                when jsonb_typeof(r) = 'object' and r ? 'cutout_strokes'
                     and (r ->> 'user_id') is distinct from (select auth.uid())::text
                  then r - 'cutout_strokes' - 'job_id'
                else r
              end
              order by n)
       from jsonb_array_elements(rows) with ordinality as e(r, n)),
    '[]'::jsonb)
$$;
