// Who may read and write processing jobs (DESIGN §3): a user reads only their own jobs; no API user
// writes them at all, not even their own: the product API writes them with the service role.
import { ids } from '../support/actors'
import { job } from '../support/fixtures'
import type { Expectation, Matrix, Statement } from '../support/matrixTypes'
import { inserts, noRows, refusedByRls, removes, sees, updates } from '../support/matrixTypes'
import { selectIdsSql } from '../support/runCase'

const { stranger: S, contributor: C, itemOwner: I } = ids
const readAll = selectIdsSql('processing_jobs')
const insert = `insert into public.processing_jobs (id, user_id, kind) values ($1, $2, 'ootd')`
const finish = `update public.processing_jobs set status = 'completed', progress = 100 where id = $1`
const remove = 'delete from public.processing_jobs where id = $1'
const apiOnly = 'jobs are written by the product API with the service role only (see the service-role cases)'

export const processingJobsMatrix: Matrix = {
  subject: 'processing_jobs',
  notApplicable: [
    {
      actors: ['anon'],
      ops: ['select'],
      half: 'allowed',
      why: 'jobs belong to signed-in users; signed-out visitors read none',
    },
    {
      actors: ['stranger', 'contributor'],
      ops: ['select'],
      half: 'allowed',
      why: 'they have no jobs; the wall owner and item owner rows show own jobs being read',
    },
    {
      actors: ['anon', 'stranger', 'contributor', 'wallOwner', 'itemOwner'],
      ops: ['insert', 'update', 'delete'],
      half: 'allowed',
      why: apiOnly,
    },
  ],
  // prettier-ignore
  cases: [
    // select: own jobs only
    { actor: 'anon', op: 'select', case: 'reads no job', sql: readAll, expect: sees('processing_jobs', []) },
    { actor: 'stranger', op: 'select', case: 'reads no job', sql: readAll, expect: sees('processing_jobs', []) },
    { actor: 'contributor', op: 'select', case: 'reads no job', sql: readAll, expect: sees('processing_jobs', []) },
    { actor: 'wallOwner', op: 'select', case: 'reads own job only', sql: readAll, expect: sees('processing_jobs', [job.ofW]) },
    { actor: 'itemOwner', op: 'select', case: 'reads own job only', sql: readAll, expect: sees('processing_jobs', [job.ofI]) },

    // insert: nobody, not even for themselves
    { actor: 'anon', op: 'insert', case: 'queues a job for the item owner', sql: insert, params: ['job_new_1', I], expect: refusedByRls('processing_jobs', 'job_new_1') },
    { actor: 'stranger', op: 'insert', case: 'queues own job', sql: insert, params: ['job_new_1', S], expect: refusedByRls('processing_jobs', 'job_new_1') },
    { actor: 'contributor', op: 'insert', case: 'queues own job', sql: insert, params: ['job_new_1', C], expect: refusedByRls('processing_jobs', 'job_new_1') },
    { actor: 'wallOwner', op: 'insert', case: 'queues a job for the item owner', sql: insert, params: ['job_new_1', I], expect: refusedByRls('processing_jobs', 'job_new_1') },
    { actor: 'itemOwner', op: 'insert', case: 'queues own job', sql: insert, params: ['job_new_1', I], expect: refusedByRls('processing_jobs', 'job_new_1') },

    // update: nobody, not even their owner
    { actor: 'anon', op: 'update', case: "completes the item owner's job", sql: finish, params: [job.ofI], expect: noRows('processing_jobs', job.ofI) },
    { actor: 'stranger', op: 'update', case: "completes the item owner's job", sql: finish, params: [job.ofI], expect: noRows('processing_jobs', job.ofI) },
    { actor: 'contributor', op: 'update', case: "completes the wall owner's job", sql: finish, params: [job.ofW], expect: noRows('processing_jobs', job.ofW) },
    { actor: 'wallOwner', op: 'update', case: 'completes own job', sql: finish, params: [job.ofW], expect: noRows('processing_jobs', job.ofW) },
    { actor: 'itemOwner', op: 'update', case: 'completes own job', sql: finish, params: [job.ofI], expect: noRows('processing_jobs', job.ofI) },

    // delete: nobody, not even their owner
    { actor: 'anon', op: 'delete', case: "removes the item owner's job", sql: remove, params: [job.ofI], expect: noRows('processing_jobs', job.ofI) },
    { actor: 'stranger', op: 'delete', case: "removes the item owner's job", sql: remove, params: [job.ofI], expect: noRows('processing_jobs', job.ofI) },
    { actor: 'contributor', op: 'delete', case: "removes the wall owner's job", sql: remove, params: [job.ofW], expect: noRows('processing_jobs', job.ofW) },
    { actor: 'wallOwner', op: 'delete', case: 'removes own job', sql: remove, params: [job.ofW], expect: noRows('processing_jobs', job.ofW) },
    { actor: 'itemOwner', op: 'delete', case: 'removes own job', sql: remove, params: [job.ofI], expect: noRows('processing_jobs', job.ofI) },
  ],
}

/** What the product API does with the service role: every write is allowed. */
// prettier-ignore
export const processingJobsServiceCases: ReadonlyArray<Statement & { case: string; expect: Expectation }> = [
  { case: 'queues a job for the item owner', sql: insert, params: ['job_new_1', I], expect: inserts('processing_jobs', 'job_new_1', { user_id: I, status: 'queued' }) },
  { case: "completes the item owner's job", sql: finish, params: [job.ofI], expect: updates('processing_jobs', job.ofI, { status: 'completed', progress: 100 }) },
  { case: "removes the wall owner's job", sql: remove, params: [job.ofW], expect: removes('processing_jobs', job.ofW) },
]
