// The worker side of the pool's protocol, for a child process: answers each request in turn through the IPC
// channel, reports an uncaught exception to the pool before going down (so the caller learns what failed,
// not only an exit code), and exits when the server that started it is gone.
import { serializeError, type WorkerFatal, type WorkerReply, type WorkerRequest } from './visionProtocol'

export function serveWorkerRequests<Request, Result>(handle: (request: Request) => Promise<Result>): void {
  const send = process.send?.bind(process)
  if (!send) throw new Error('A pool worker must be started by the pool (it has no IPC channel).')
  process.on('message', (message: WorkerRequest<Request>) => {
    void handle(message.request).then(
      (result) => {
        const reply: WorkerReply<Result> = { id: message.id, ok: true, result }
        send(reply)
      },
      (error: unknown) => {
        const reply: WorkerReply<never> = { id: message.id, ok: false, error: serializeError(error) }
        send(reply)
      },
    )
  })
  process.on('uncaughtException', (error) => {
    const fatal: WorkerFatal = { fatal: serializeError(error) }
    send(fatal, () => process.exit(1))
  })
  // The server went away (or killed the channel): nothing will ask this process for anything again.
  process.on('disconnect', () => process.exit(0))
}

/** What the pool gave this worker process (its `workerData` option). */
export function workerData(): unknown {
  const json = process.env.MOORI_WORKER_DATA
  return json === undefined ? undefined : JSON.parse(json)
}
