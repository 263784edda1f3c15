// Previews of the cut-out while strokes are drawn: at most one request in the worker at a time, and at
// most one waiting (a newer one replaces it), so the preview shown is never more than one step behind the
// strokes and the worker never builds up a queue. Answers older than one already shown are dropped.
export interface PreviewScheduler {
  /** Asks for the preview of revision `revision` (higher is newer). */
  request(revision: number): void
  /** Forget what waits (the editor closed); an answer in flight is dropped. */
  dispose(): void
}

export function createPreviewScheduler<Result>(
  run: (revision: number) => Promise<Result>,
  show: (result: Result, revision: number) => void,
  fail: (error: unknown) => void,
): PreviewScheduler {
  let inFlight = false
  let pending: number | null = null
  let shown = -1
  let disposed = false

  const start = (revision: number) => {
    inFlight = true
    run(revision).then(
      (result) => {
        if (!disposed && revision > shown) {
          shown = revision
          show(result, revision)
        }
      },
      (error: unknown) => {
        if (!disposed) fail(error)
      },
    ).finally(() => {
      inFlight = false
      if (disposed || pending === null) return
      const next = pending
      pending = null
      start(next)
    })
  }

  return {
    request(revision) {
      if (disposed || revision <= shown) return
      if (inFlight) pending = Math.max(pending ?? revision, revision)
      else start(revision)
    },
    dispose() {
      disposed = true
      pending = null
    },
  }
}
