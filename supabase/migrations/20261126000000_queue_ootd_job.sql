-- Issue 23: the outfit-job limits (per user, and for everyone) were checked by counting and then
-- inserting in separate requests, so parallel requests all passed the count. queue_ootd_job checks and
-- inserts in one transaction, behind a transaction-scoped advisory lock that queues the callers one
-- after another (two instances of the product API included), so the limits hold under any
-- concurrency. The product API's only: service_role executes it, nobody else.
create or replace function public.queue_ootd_job(
  p_id text,
  p_user_id uuid,
  p_input jsonb,
  p_jobs_per_user integer,
  p_jobs_in_total integer
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid;
begin
  perform pg_advisory_xact_lock(hashtextextended('moori.queue_ootd_job', 0));
  select user_id into v_owner from public.processing_jobs where id = p_id;
  if found then
    return case when v_owner = p_user_id then 'exists' else 'taken' end;
  end if;
  if (select count(*) from public.processing_jobs
       where user_id = p_user_id and status in ('queued', 'processing') and deleted_at is null) >= p_jobs_per_user then
    return 'user_limit';
  end if;
  if (select count(*) from public.processing_jobs
       where status in ('queued', 'processing') and deleted_at is null) >= p_jobs_in_total then
    return 'total_limit';
  end if;
  insert into public.processing_jobs (id, user_id, kind, status, progress, input)
  values (p_id, p_user_id, 'ootd', 'queued', 0, p_input);
  return 'queued';
end;
$$;

revoke execute on function public.queue_ootd_job(text, uuid, jsonb, integer, integer) from public, anon, authenticated;
grant execute on function public.queue_ootd_job(text, uuid, jsonb, integer, integer) to service_role;
