// A small pool of worker processes with a bounded queue, so CPU-heavy inference never runs on the event
// loop that serves HTTP. It refuses work it could not start soon (BusyError with a retry hint) rather than
// accepting work it would drop; a worker that dies or hangs is replaced and its caller gets an Error, never
// a promise that waits forever. Generic over the message types; the vision pool is one use of it.
//
// Processes, not worker threads: stopping a thread in the middle of onnxruntime's native code aborted the
// whole server ("terminate called after throwing an instance of 'Napi::Error'"), and onnxruntime keeps
// process-wide state the threads share. A process can be killed at any moment without touching the server.
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import {
  serializeError,
  type SerializedError,
  type WorkerFatal,
  type WorkerReply,
  type WorkerRequest,
} from './visionProtocol'

export interface WorkerPoolOptions {
  /** The worker's entry (an .mjs bootstrap for TypeScript workers). */
  workerUrl: URL
  /** Given to each worker as JSON in MOORI_WORKER_DATA (see `workerData()`). */
  workerData?: unknown
  size: number
  /** Calls that may wait for a worker; one more is refused with the busy error. */
  queueLimit: number
  /** A call running longer than this terminates its worker (it is presumed stuck). */
  taskTimeoutMs: number
  /** Builds the error a refused call rejects with (the pool's caller decides its class). */
  busyError: (retryAfterSeconds: number) => Error
  /** Rebuilds an error that crossed the thread boundary (e.g. restoring a class by name). */
  reviveError?: (error: SerializedError) => Error
}

export interface PoolStats {
  workers: number
  running: number
  queued: number
  /** Workers replaced after a crash or a timeout since the pool started. */
  replaced: number
}

export interface WorkerPool<Request, Result> {
  run(request: Request): Promise<Result>
  hasCapacity(): boolean
  stats(): PoolStats
  close(): Promise<void>
}

interface Task<Request, Result> {
  id: number
  /** The worker running it, once started (a replaced worker's late events must not touch a new task). */
  worker?: ChildProcess
  request: Request
  resolve: (result: Result) => void
  reject: (error: Error) => void
}

interface Slot<Request, Result> {
  worker: ChildProcess | null
  task: Task<Request, Result> | null
  timer: NodeJS.Timeout | null
  started: number
}

export function createWorkerPool<Request, Result>(options: WorkerPoolOptions): WorkerPool<Request, Result> {
  const slots: Slot<Request, Result>[] = Array.from({ length: Math.max(1, options.size) }, () => ({
    worker: null,
    task: null,
    timer: null,
    started: 0,
  }))
  const queue: Task<Request, Result>[] = []
  const revive =
    options.reviveError ?? ((e: SerializedError) => Object.assign(new Error(e.message), { name: e.name }))
  let nextId = 1
  let closed = false
  let replaced = 0
  /** Recent task duration (exponential average), for the retry hint. */
  let averageSeconds = 1

  function spawn(slot: Slot<Request, Result>): ChildProcess {
    const worker = fork(fileURLToPath(options.workerUrl), [], {
      // The V8 serializer, so typed arrays (images, PNGs) cross as bytes rather than JSON.
      serialization: 'advanced',
      // Plain Node whatever runs the server (tsx, vitest): the entry brings its own loader.
      execArgv: [],
      env: { ...process.env, MOORI_WORKER_DATA: JSON.stringify(options.workerData ?? null) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    /** Detaches a dead worker from its slot at once, so the next call starts a fresh one. */
    const retire = () => {
      if (slot.worker !== worker) return
      slot.worker = null
      if (!closed) replaced++
    }
    const fail = (error: Error) => {
      const task = slot.task
      if (!task || task.worker !== worker) return
      finish(slot)
      task.reject(error)
    }
    worker.on('message', (reply: WorkerReply<Result> | WorkerFatal) => {
      if ('fatal' in reply) {
        // An uncaught exception inside the worker: it is going down ('exit' follows).
        retire()
        fail(new Error(`The wardrobe engine failed while working on this image (${reply.fatal.message}).`))
        dispatch()
        return
      }
      const task = slot.task
      if (!task || task.worker !== worker || reply.id !== task.id) return
      finish(slot)
      if (reply.ok) task.resolve(reply.result)
      else task.reject(revive(reply.error))
      dispatch()
    })
    worker.on('error', (error) => {
      // The process could not be started, or a message could not be sent to it.
      retire()
      worker.kill('SIGKILL')
      fail(
        new Error(
          `The wardrobe engine failed while working on this image (${serializeError(error).message}).`,
        ),
      )
      dispatch()
    })
    worker.on('exit', (code, signal) => {
      retire()
      fail(
        new Error(
          `The wardrobe engine stopped unexpectedly while working on this image (worker exit code ${code ?? signal}). Please try again.`,
        ),
      )
      dispatch()
    })
    return worker
  }

  /** Whether a worker keeps the server's process alive: only while its caller waits on it. */
  function hold(worker: ChildProcess, busy: boolean): void {
    if (busy) {
      worker.ref()
      worker.channel?.ref()
    } else {
      worker.unref()
      worker.channel?.unref()
    }
  }

  function finish(slot: Slot<Request, Result>): void {
    // An idle worker must not keep the process alive; a busy one must (its caller is waiting on it).
    if (slot.worker) hold(slot.worker, false)
    if (slot.timer) clearTimeout(slot.timer)
    const seconds = (performance.now() - slot.started) / 1000
    averageSeconds = 0.8 * averageSeconds + 0.2 * seconds
    slot.timer = null
    slot.task = null
  }

  function start(slot: Slot<Request, Result>, task: Task<Request, Result>): void {
    const worker = (slot.worker ??= spawn(slot))
    hold(worker, true)
    task.worker = worker
    slot.task = task
    slot.started = performance.now()
    slot.timer = setTimeout(() => {
      if (slot.task !== task) return
      finish(slot)
      task.reject(
        new Error(
          `The wardrobe engine took longer than ${Math.round(options.taskTimeoutMs / 1000)} s on this image and was restarted.`,
        ),
      )
      slot.worker = null
      replaced++
      worker.kill('SIGKILL')
      dispatch()
    }, options.taskTimeoutMs)
    slot.timer.unref()
    const message: WorkerRequest<Request> = { id: task.id, request: task.request }
    try {
      worker.send(message)
    } catch (error) {
      finish(slot)
      task.reject(error instanceof Error ? error : new Error(String(error)))
    }
  }

  function dispatch(): void {
    if (closed) return
    for (const slot of slots) {
      if (queue.length === 0) return
      if (!slot.task) start(slot, queue.shift()!)
    }
  }

  const idleSlot = () => slots.find((s) => !s.task)

  return {
    run(request) {
      if (closed) return Promise.reject(new Error('The wardrobe engine has been shut down.'))
      const slot = idleSlot()
      if (!slot && queue.length >= options.queueLimit) {
        const waitSeconds = ((queue.length + 1) / slots.length + 1) * averageSeconds
        return Promise.reject(options.busyError(Math.max(1, Math.ceil(waitSeconds))))
      }
      return new Promise<Result>((resolve, reject) => {
        const task: Task<Request, Result> = { id: nextId++, request, resolve, reject }
        if (slot) start(slot, task)
        else queue.push(task)
      })
    },

    hasCapacity() {
      return !closed && (idleSlot() !== undefined || queue.length < options.queueLimit)
    },

    stats() {
      return {
        workers: slots.filter((s) => s.worker).length,
        running: slots.filter((s) => s.task).length,
        queued: queue.length,
        replaced,
      }
    },

    async close() {
      if (closed) return
      closed = true
      const shutDown = () => new Error('The wardrobe engine was shut down before this image was processed.')
      for (const task of queue.splice(0)) task.reject(shutDown())
      await Promise.all(
        slots.map(async (slot) => {
          const task = slot.task
          if (task) {
            finish(slot)
            task.reject(shutDown())
          }
          const worker = slot.worker
          slot.worker = null
          if (worker && worker.exitCode === null && worker.signalCode === null) {
            const exited = new Promise((resolve) => worker.once('exit', resolve))
            worker.kill('SIGKILL')
            await exited
          }
        }),
      )
    },
  }
}
