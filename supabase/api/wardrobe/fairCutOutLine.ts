// Cut-outs share the vision pool's bounded queue (4 × workers). A user's budget allows a burst of 20,
// enough to fill that queue alone, and then everyone else's cut-out was refused as busy. So, as outfit
// jobs are claimed (at most `runningPerUser` each), each user has at most `perUser` cut-outs in the pool
// at once; the rest wait here, in their own line, and go in as their earlier ones finish. Another user's
// call goes straight into the pool, behind at most `perUser` of anyone's. Kept in memory per API
// instance, like the pool it guards.
import type { VisionService } from '../vision/types'

export interface FairCutOutLine {
  /** Runs `work` (one call into the pool) once the user has fewer than `perUser` calls in the pool. */
  run<T>(userId: string, work: () => Promise<T>): Promise<T>
  /** Calls of a user in the pool and waiting (for tests and logs). */
  stats(userId: string): { inPool: number; waiting: number }
}

interface UserLine {
  inPool: number
  waiting: Array<() => void>
}

export function createFairCutOutLine(options: { perUser: number }): FairCutOutLine {
  const perUser = Math.max(1, options.perUser)
  const lines = new Map<string, UserLine>()

  /** The leaving call's place goes to the user's next waiting call, if any; else it is freed. */
  const leave = (userId: string, line: UserLine) => {
    const next = line.waiting.shift()
    if (next) return next()
    line.inPool -= 1
    if (line.inPool === 0) lines.delete(userId)
  }

  return {
    async run(userId, work) {
      let line = lines.get(userId)
      if (!line) lines.set(userId, (line = { inPool: 0, waiting: [] }))
      const mine = line
      // A place is handed over by the call that leaves it (still counted), so nobody jumps the line.
      if (mine.inPool < perUser) mine.inPool += 1
      else await new Promise<void>((resolve) => mine.waiting.push(resolve))
      try {
        return await work()
      } finally {
        leave(userId, mine)
      }
    },
    stats(userId) {
      const line = lines.get(userId)
      return { inPool: line?.inPool ?? 0, waiting: line?.waiting.length ?? 0 }
    },
  }
}

/** The vision service as one user's cut-outs see it: their calls into the pool go through the line. */
export function visionInLine(vision: VisionService, line: FairCutOutLine, userId: string): VisionService {
  return {
    ...vision,
    removeBackground: (image, options) => line.run(userId, () => vision.removeBackground(image, options)),
    cutOutRegion: (image, box, options) => line.run(userId, () => vision.cutOutRegion(image, box, options)),
    analyseOutfit: (image) => line.run(userId, () => vision.analyseOutfit(image)),
  }
}
