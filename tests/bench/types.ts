// A benchmark returns tables of figures; the runner prints them side by side and saves them as JSON.
export interface BenchTable {
  title: string
  rows: Array<Record<string, string | number>>
  notes?: string[]
}

export interface Bench {
  /** Short name used to pick benches on the command line: `npm run bench -- rest`. */
  name: string
  run(): Promise<BenchTable[]>
}

/** Median and percentiles of a sample, in the sample's unit. */
export function summarize(values: number[]): { median: number; p95: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))] ?? NaN
  return { median: at(0.5), p95: at(0.95), min: sorted[0] ?? NaN, max: sorted[sorted.length - 1] ?? NaN }
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits
  return Math.round(value * f) / f
}
