// The spec's 2 s processing-status poll (§4, §9), kept as a fallback: the job row normally moves by
// itself (realtime writes it into the replica), so the endpoint is asked only while the row has gone
// quiet, online, and only until the job completes or fails. Answers go into the replica, never backwards.
import { useEffect, useRef } from 'react'
import type { ProcessingJobRow } from '@/data/model/rows'
import { applyJobStatus } from '@/data/wardrobe/outfitUploads'
import { useReplica } from '@/data/ReplicaContext'
import { PROCESSING_POLL_MS, isUnfinished, statusPollDue } from './outfitProcessing'

export function useJobStatusPoll(
  job: ProcessingJobRow | null,
  waitingToStart: boolean,
  online: boolean,
): void {
  const replica = useReplica()
  const jobId = job?.id ?? null
  const status = job?.status ?? null
  // When the row last changed, as this device saw it.
  const signature = job
    ? [job.status, job.progress, job.processedItems, job.items.length, job.updatedAt, job.txid].join('|')
    : ''
  const changedAt = useRef(0)
  useEffect(() => {
    changedAt.current = Date.now()
  }, [signature])

  useEffect(() => {
    if (!jobId || !status || !online || waitingToStart || !isUnfinished(status)) return
    let asking = false
    const timer = window.setInterval(() => {
      const quietForMs = Date.now() - changedAt.current
      if (asking || !statusPollDue({ status, waitingToStart, online, quietForMs })) return
      asking = true
      void replica.api
        .processingStatus(jobId)
        .then((answer) => applyJobStatus(replica, jobId, answer))
        .catch((error: unknown) => console.warn('Processing status poll failed', error))
        .finally(() => {
          asking = false
        })
    }, PROCESSING_POLL_MS)
    return () => window.clearInterval(timer)
  }, [replica, jobId, status, online, waitingToStart])
}
