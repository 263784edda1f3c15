// The spec's 2 s status poll (§4, §9), kept as a fallback: the job row normally moves by itself (realtime
// writes it into the replica), so the job is asked for only while its row has gone quiet, online, and
// only until it completes or fails. The sync worker reads the row and stores it like any server row, so
// the replica's job has one writer and one rule for what is newer (`reconcile`).
import { useEffect, useRef } from 'react'
import type { ProcessingJobRow } from '@/data/model/rows'
import { useReplica } from '@/data/ReplicaContext'
import { isUnfinishedJob } from '@/lib/wardrobe/jobs'
import { statusPollDue } from '@/lib/wardrobe/jobView'
import { PROCESSING_POLL_MS } from './outfitProcessing'

export function useJobStatusPoll(job: ProcessingJobRow | null, waitingToStart: boolean, online: boolean): void {
  const { sync } = useReplica()
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
    if (!jobId || !status || !online || waitingToStart || !isUnfinishedJob(status)) return
    const timer = window.setInterval(() => {
      const quietForMs = Date.now() - changedAt.current
      if (!statusPollDue({ status, waitingToStart, online, quietForMs })) return
      sync.refreshRow?.('jobs', jobId)
    }, PROCESSING_POLL_MS)
    return () => window.clearInterval(timer)
  }, [sync, jobId, status, online, waitingToStart])
}
