// Step times of one cut-out, for the bench's profile split (decode, resize, inference, refine, trim,
// encode): `lap(step)` books the time since the previous lap to that step. performance.now() twice a step
// costs nothing next to the steps, so it is always on.

export type StepTimings = Record<string, number>

export interface Stopwatch {
  timings: StepTimings
  lap: (step: string) => void
}

export function stopwatch(): Stopwatch {
  const timings: StepTimings = {}
  let last = performance.now()
  return {
    timings,
    lap: (step) => {
      const now = performance.now()
      timings[step] = (timings[step] ?? 0) + now - last
      last = now
    },
  }
}
