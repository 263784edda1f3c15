// Inference must not starve the event loop that serves HTTP on the same cores: a vision worker lowers its
// scheduling priority before it starts onnxruntime, tfjs and sharp. On Linux a nice value belongs to one
// thread (set through its thread id) and a thread inherits its creator's, so every thread the process
// already has is lowered: the main thread (the model's thread pools start from it) and the ones Node
// started before any of our code ran (V8's GC and compiler helpers, libuv's pool, from which sharp's
// libvips decodes and resizes the 12 MP photos in threads of its own). Elsewhere this does nothing.
import { readdirSync } from 'node:fs'
import os from 'node:os'

/** Lowers every thread of this process to `nice` (0 keeps it as it is); false when the system does not
 * allow it. Threads started later inherit it from whichever of these starts them. */
export function lowerThreadPriority(nice: number): boolean {
  if (nice <= 0 || process.platform !== 'linux') return false
  let lowered = false
  let threads: string[]
  try {
    threads = readdirSync('/proc/self/task')
  } catch {
    return false
  }
  for (const entry of threads) {
    const threadId = Number(entry)
    if (!Number.isInteger(threadId) || threadId <= 0) continue
    try {
      // Never raise one: a thread already lower keeps its own value.
      if (os.getPriority(threadId) < nice) os.setPriority(threadId, Math.min(19, nice))
      lowered = true
    } catch {
      // A thread that ended meanwhile, or one the system will not lower: the others still are.
    }
  }
  return lowered
}
