// A polaroid's tilt, derived from its timestamp so every device shows the same card at the same angle
// without storing it: (timestamp mod 7) − 3 degrees, a whole number from −3 to 3 (spec §2).
export function tiltFor(timestamp: number): number {
  const whole = Math.floor(Number.isFinite(timestamp) ? timestamp : 0)
  return (((whole % 7) + 7) % 7) - 3
}
