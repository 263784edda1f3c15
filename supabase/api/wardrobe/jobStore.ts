// Processing jobs as rows of `processing_jobs`, reached through supabase-js with the service role, so
// jobs live in Postgres (hosted or local) and survive any API instance. An instance only writes a job
// it holds (`claimed_by`): if another instance took it over, every write says so and the work stops.
import type { JobItem, JobStatus, OotdJobInput } from '../../../src/lib/wardrobe/jobs'
import type { AdminClient } from '../supabaseAdmin'

export interface JobRow {
  id: string
  user_id: string
  kind: string
  status: JobStatus
  progress: number
  processed_items: number
  total_items: number
  error: string | null
  input: OotdJobInput
  items: JobItem[]
  claimed_by: string | null
  attempts: number
  created_at: string
}

/** The fields a job holder may set as it goes. */
export type JobProgress = Partial<Pick<JobRow, 'progress' | 'processed_items' | 'total_items' | 'items'>>

const JOB_COLUMNS =
  'id, user_id, kind, status, progress, processed_items, total_items, error, input, items, claimed_by, attempts, created_at'

function fail(what: string, error: { message: string }): never {
  throw new Error(`Could not ${what}: ${error.message}`)
}

export async function readJob(admin: AdminClient, id: string): Promise<JobRow | null> {
  const { data, error } = await admin.from('processing_jobs').select(JOB_COLUMNS).eq('id', id).is('deleted_at', null).maybeSingle()
  if (error) fail('read a processing job', error)
  return data
}

export type QueueOutcome = 'queued' | 'exists' | 'taken' | 'user_limit' | 'total_limit'

/**
 * Queues an outfit job under `id` (the caller's processing id, so a retried request finds its job
 * instead of starting a second one), unless the caller or everyone has too many waiting or running
 * (generous limits: how many run at once is the claim's business, see claimJob):
 * checked and written in one transaction (queue_ootd_job), so parallel requests cannot pass the limits
 * together. `exists` means the caller's earlier job has this id, `taken` someone else's.
 */
export async function queueOotdJob(
  admin: AdminClient,
  job: { id: string; userId: string; input: OotdJobInput },
  limits: { jobsPerUser: number; jobsInTotal: number },
): Promise<QueueOutcome> {
  const answer: { data: unknown; error: { message: string } | null } = await admin.rpc('queue_ootd_job', {
    p_id: job.id,
    p_user_id: job.userId,
    p_input: job.input,
    p_jobs_per_user: limits.jobsPerUser,
    p_jobs_in_total: limits.jobsInTotal,
  })
  if (answer.error) fail('queue the processing job', answer.error)
  return answer.data as QueueOutcome
}

export interface ClaimOptions {
  instanceId: string
  running: string[]
  staleAfterSeconds: number
  maxAttempts: number
  /** A user's jobs running at once, across all instances; their other jobs wait. */
  runningPerUser: number
}

/**
 * The next job for this instance (waiting, or abandoned by a dead instance) whose owner runs fewer than
 * `runningPerUser` jobs now, the owner running fewest first, then the oldest job; or null.
 */
export async function claimJob(admin: AdminClient, options: ClaimOptions): Promise<JobRow | null> {
  const response = await admin.rpc('claim_processing_job', {
    p_instance: options.instanceId,
    p_running: options.running,
    p_stale_after_seconds: options.staleAfterSeconds,
    p_max_attempts: options.maxAttempts,
    p_running_per_user: options.runningPerUser,
  })
  if (response.error) fail('claim a processing job', response.error)
  const rows = response.data as JobRow[] | null
  return rows?.[0] ?? null
}

/** Writes progress (and the heartbeat) of a held job; false when this instance no longer holds it. */
export async function updateHeldJob(
  admin: AdminClient,
  id: string,
  instanceId: string,
  patch: JobProgress,
): Promise<boolean> {
  const { data, error } = await admin
    .from('processing_jobs')
    .update({ ...patch, heartbeat_at: new Date().toISOString() })
    .eq('id', id)
    .eq('claimed_by', instanceId)
    .eq('status', 'processing')
    .select('id')
  if (error) fail('update a processing job', error)
  return (data ?? []).length > 0
}

/** Ends a held job with a message the screens show; false when it was no longer held. */
export async function failHeldJob(admin: AdminClient, id: string, instanceId: string, message: string): Promise<boolean> {
  const { data, error } = await admin
    .from('processing_jobs')
    .update({ status: 'failed', error: message, claimed_by: null })
    .eq('id', id)
    .eq('claimed_by', instanceId)
    .select('id')
  if (error) fail('record a failed processing job', error)
  return (data ?? []).length > 0
}

/** Gives a held job back to the queue, uncounted (this instance is stopping, or too busy to start it). */
export async function releaseHeldJob(admin: AdminClient, job: JobRow, instanceId: string): Promise<void> {
  const { error } = await admin
    .from('processing_jobs')
    .update({ status: 'queued', claimed_by: null, attempts: Math.max(0, job.attempts - 1) })
    .eq('id', job.id)
    .eq('claimed_by', instanceId)
    .eq('status', 'processing')
  if (error) fail('release a processing job', error)
}

export interface CompletedRows {
  items: Array<Record<string, unknown>>
  tags: Array<Record<string, unknown>>
  jobItems: JobItem[]
}

/** Writes the job's items and tags and marks it completed, in one transaction (see the migration). */
export async function completeHeldJob(admin: AdminClient, id: string, instanceId: string, rows: CompletedRows): Promise<void> {
  const { error } = await admin.rpc('complete_ootd_job', {
    p_job_id: id,
    p_instance: instanceId,
    p_items: rows.items,
    p_tags: rows.tags,
    p_job_items: rows.jobItems,
  })
  if (error) fail('save the processed items', error)
}
