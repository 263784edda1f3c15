// Inference must not starve the event loop that serves HTTP on the same cores: a vision worker lowers its
// own scheduling priority before it starts onnxruntime and tfjs. On Linux a thread's nice value is its
// own (set through its thread id, read from /proc/thread-self) and threads it starts inherit it, so the
// model's thread pools run below the main thread too. Elsewhere this does nothing.
import { readlinkSync } from 'node:fs'
import os from 'node:os'

/** Lowers this thread to `nice` (0 keeps it as it is); false when the system does not allow it. */
export function lowerThreadPriority(nice: number): boolean {
  if (nice <= 0 || process.platform !== 'linux') return false
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (!Number.isInteger(threadId) || threadId <= 0) return false
    os.setPriority(threadId, Math.min(19, nice))
    return true
  } catch {
    return false
  }
}
