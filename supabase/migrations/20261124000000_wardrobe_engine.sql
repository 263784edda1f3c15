-- The wardrobe engine's server side (spec §3, §5, §6, §7): outfit photos become persisted processing
-- jobs that any number of product API instances share through Postgres.
--
-- - An instance claims a job atomically (`for update skip locked`), keeps a heartbeat while it works,
--   and a job whose instance died (stale heartbeat) is taken over; after too many attempts it fails with
--   a clear error instead of spinning forever.
-- - A job's results (the outfit's own item, one item per detected garment, their tags, the outfit
--   analysis) are written in ONE transaction by `complete_ootd_job`, so no item of a job is ever
--   half-visible: either the job completed with all of them, or none exist.
-- - Items remember the job that made them, the outfit analysis (for items styled 'OOTD Complete') and a
--   transparent cut-out once the engine has made one (so wardrobe import can use it offline).

alter table public.processing_jobs
  add column claimed_by text,
  add column heartbeat_at timestamptz,
  add column attempts integer not null default 0,
  add constraint processing_jobs_attempts_sane check (attempts between 0 and 100);

alter table public.wardrobe_items
  add column job_id text,
  add column analysis jsonb,
  add column cutout_path text,
  add constraint wardrobe_items_job_id_format check (job_id is null or public.is_client_id(job_id)),
  add constraint wardrobe_items_analysis_object check (analysis is null or jsonb_typeof(analysis) = 'object'),
  add constraint wardrobe_items_cutout_in_own_folder check (
    cutout_path is null
    or (cutout_path ~ '^wardrobe-stickers/[^/]+/.+' and split_part(cutout_path, '/', 2) = user_id::text)
  );

create index wardrobe_items_job_idx on public.wardrobe_items (job_id) where job_id is not null;

-- The analysis and the cut-out are the engine's findings: people edit tags, not these. (job_id may
-- change: an outfit photo whose analysis failed is sent to a new job.)
create or replace function public.guard_wardrobe_item_engine_fields() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') = 'service_role' then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.analysis is not null or new.cutout_path is not null then
      raise exception 'The outfit analysis and cut-outs are made by the wardrobe engine.' using errcode = '42501';
    end if;
  elsif old.analysis is distinct from new.analysis or old.cutout_path is distinct from new.cutout_path then
    raise exception 'The outfit analysis and cut-outs are made by the wardrobe engine.' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger wardrobe_items_engine_fields before insert or update on public.wardrobe_items
  for each row execute function public.guard_wardrobe_item_engine_fields();

-- Outfit photos may be as large as the API accepts (10 MB); the app itself uploads ≤ 800 px JPEGs.
update storage.buckets set file_size_limit = 10485760 where id in ('wardrobe-images', 'ootd-images');

-- Claims the oldest job that is waiting, or whose instance stopped sending heartbeats, for `p_instance`.
-- Jobs that instance is running right now (`p_running`) are skipped. A job that was interrupted
-- `p_max_attempts` times is failed with a clear error. Returns no row when there is nothing to do.
create or replace function public.claim_processing_job(
  p_instance text,
  p_running text[] default '{}',
  p_stale_after_seconds integer default 30,
  p_max_attempts integer default 3
) returns setof public.processing_jobs
language plpgsql
set search_path = ''
as $$
declare
  stale_before timestamptz := clock_timestamp() - make_interval(secs => p_stale_after_seconds);
begin
  update public.processing_jobs j
     set status = 'failed',
         error = 'Processing was interrupted too many times. Please upload the photo again.',
         claimed_by = null
   where j.status = 'processing' and j.deleted_at is null and j.attempts >= p_max_attempts
     and not (j.id = any (coalesce(p_running, '{}')))
     and (j.claimed_by = p_instance or j.heartbeat_at is null or j.heartbeat_at < stale_before);

  return query
  update public.processing_jobs j
     set status = 'processing',
         claimed_by = p_instance,
         heartbeat_at = clock_timestamp(),
         attempts = j.attempts + 1,
         progress = greatest(j.progress, 10),
         error = null
   where j.id = (
     select c.id from public.processing_jobs c
      where c.deleted_at is null
        and not (c.id = any (coalesce(p_running, '{}')))
        and (c.status = 'queued'
             or (c.status = 'processing'
                 and (c.claimed_by = p_instance or c.heartbeat_at is null or c.heartbeat_at < stale_before)))
      order by c.created_at, c.id
      for update skip locked
      limit 1)
  returning j.*;
end
$$;

-- Writes a finished outfit job in one transaction: its items (the outfit's own item may already exist,
-- made by the app when the photo was picked; it then gets the analysis), their tags, and the job's final
-- state. Only the instance that holds the job may complete it; items the user deleted meanwhile are not
-- brought back and get no tags.
create or replace function public.complete_ootd_job(
  p_job_id text,
  p_instance text,
  p_items jsonb,
  p_tags jsonb,
  p_job_items jsonb
) returns setof public.processing_jobs
language plpgsql
set search_path = ''
as $$
declare
  job public.processing_jobs;
begin
  select * into job from public.processing_jobs j where j.id = p_job_id for update;
  if job.id is null then
    raise exception 'No processing job %', p_job_id using errcode = 'P0002';
  end if;
  if job.status <> 'processing' or job.claimed_by is distinct from p_instance then
    raise exception 'Processing job % is not held by %', p_job_id, p_instance using errcode = '55000';
  end if;

  insert into public.wardrobe_items as i
         (id, user_id, image_path, name, description, is_public, upload_source, job_id, analysis, cutout_path)
  select r.id, job.user_id, r.image_path, r.name, r.description, false, r.upload_source, job.id, r.analysis, r.cutout_path
    from jsonb_populate_recordset(null::public.wardrobe_items, p_items) r
  on conflict (id) do update
     set analysis = coalesce(excluded.analysis, i.analysis),
         cutout_path = coalesce(excluded.cutout_path, i.cutout_path),
         job_id = excluded.job_id
   where i.user_id = job.user_id and i.deleted_at is null;

  insert into public.clothing_tags
         (id, wardrobe_item_id, tag_type, tag_value, confidence_score, is_ai_generated, is_verified)
  select t.id, t.wardrobe_item_id, t.tag_type, t.tag_value, t.confidence_score, t.is_ai_generated, t.is_verified
    from jsonb_populate_recordset(null::public.clothing_tags, p_tags) t
   where exists (
     select 1 from public.wardrobe_items i
      where i.id = t.wardrobe_item_id and i.user_id = job.user_id and i.deleted_at is null)
  on conflict (id) do nothing;

  return query
  update public.processing_jobs j
     set status = 'completed', progress = 100, processed_items = j.total_items, items = p_job_items,
         error = null, claimed_by = null, heartbeat_at = clock_timestamp()
   where j.id = p_job_id
  returning j.*;
end
$$;

-- Only the product API (service role) runs jobs.
revoke execute on function public.claim_processing_job(text, text[], integer, integer) from public, anon, authenticated;
revoke execute on function public.complete_ootd_job(text, text, jsonb, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.claim_processing_job(text, text[], integer, integer) to service_role;
grant execute on function public.complete_ootd_job(text, text, jsonb, jsonb, jsonb) to service_role;
