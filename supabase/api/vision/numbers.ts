// Two arithmetic helpers the region rules share: a mean that is 0 for nothing, and rounding to hundredths
// (confidences are reported to two decimals).

export function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length
}

export function round2(v: number): number {
  return Math.round(v * 100) / 100
}
