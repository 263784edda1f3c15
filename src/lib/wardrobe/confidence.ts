// How sure the engine was (spec §9): shown as a percentage and coloured green from 0.8, yellow from
// 0.6, red below. The level is also spelled out in words, so the colour is never the only signal.

export type ConfidenceLevel = 'high' | 'medium' | 'low'

export function confidenceLevel(score: number): ConfidenceLevel {
  if (score >= 0.8) return 'high'
  if (score >= 0.6) return 'medium'
  return 'low'
}

/** 0.874 → '87%' (clamped to 0–100). */
export function confidencePercent(score: number): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(score) ? score : 0))
  return `${Math.round(clamped * 100)}%`
}

/** For screen readers and tooltips: 'AI confidence 87% (high)'. */
export function confidenceDescription(score: number): string {
  return `AI confidence ${confidencePercent(score)} (${confidenceLevel(score)})`
}
