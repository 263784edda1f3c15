-- Issue 25: queue generously, run fairly. A user may now have many outfit jobs waiting (the API's
-- waiting limit, checked by queue_ootd_job as before: its advisory lock keeps that limit and the total
-- one true under concurrency, and its logic is unchanged). What a user may NOT do is run many at
-- once: that rule now lives where jobs start, in claim_processing_job.
--
-- claim_processing_job claims, among the jobs it may take (waiting ones, and those whose instance
-- stopped beating, exactly as before), one whose owner has fewer than `p_running_per_user` jobs
-- running right now, preferring the owner with the fewest running, then the oldest job. So one user's
-- 50 photos never make another user's single photo wait behind them all: the next free slot goes to
-- whoever runs least.
--
-- "Running right now" means held by a live holder: a job this instance runs (`p_running`), or one
-- another instance holds with a fresh heartbeat. A job whose holder died (stale heartbeat), or one this
-- instance held before it restarted, is a job to take over, not one running.
--
-- Counting and claiming must not race: two instances claiming for the same user at the same moment
-- would each see room for one more. So claims take a transaction-scoped advisory lock first and run one
-- after another, like queue_ootd_job. A claim is a few index reads (it ends with its transaction), far
-- below the seconds a job takes, so serialising claims costs nothing the engine would notice. The lock
-- is taken before anything else and the row locks after it are taken with `skip locked` (or, for the
-- sweep of jobs interrupted too often, by claims only), so it cannot deadlock with heartbeats or
-- completions, which never take it.

-- The per-user counts (this claim's, and queue_ootd_job's waiting limit) read only unfinished jobs.
create index processing_jobs_user_unfinished_idx on public.processing_jobs (user_id, status)
  where status in ('queued', 'processing') and deleted_at is null;

drop function public.claim_processing_job(text, text[], integer, integer);

create function public.claim_processing_job(
  p_instance text,
  p_running text[] default '{}',
  p_stale_after_seconds integer default 30,
  p_max_attempts integer default 3,
  p_running_per_user integer default 2
) returns setof public.processing_jobs
language plpgsql
set search_path = ''
as $$
declare
  running text[] := coalesce(p_running, '{}');
  stale_before timestamptz;
begin
  if p_running_per_user is null or p_running_per_user < 1 then
    raise exception 'p_running_per_user must be at least 1' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('moori.claim_processing_job', 0));
  -- Measured after the lock: a claim that waited for it judges heartbeats as of now.
  stale_before := clock_timestamp() - make_interval(secs => p_stale_after_seconds);

  update public.processing_jobs j
     set status = 'failed',
         error = 'Processing was interrupted too many times. Please upload the photo again.',
         claimed_by = null
   where j.status = 'processing' and j.deleted_at is null and j.attempts >= p_max_attempts
     and not (j.id = any (running))
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
       left join (
         select r.user_id, count(*)::integer as n
           from public.processing_jobs r
          where r.status = 'processing' and r.deleted_at is null
            and (r.id = any (running)
                 or (r.claimed_by is distinct from p_instance and r.heartbeat_at >= stale_before))
          group by r.user_id
       ) live on live.user_id = c.user_id
      where c.deleted_at is null
        and not (c.id = any (running))
        and (c.status = 'queued'
             or (c.status = 'processing'
                 and (c.claimed_by = p_instance or c.heartbeat_at is null or c.heartbeat_at < stale_before)))
        and coalesce(live.n, 0) < p_running_per_user
      order by coalesce(live.n, 0), c.created_at, c.id
      for update of c skip locked
      limit 1)
  returning j.*;
end
$$;

-- Only the product API (service role) runs jobs.
revoke execute on function public.claim_processing_job(text, text[], integer, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_processing_job(text, text[], integer, integer, integer) to service_role;
