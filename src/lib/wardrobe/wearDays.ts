// Days of the wear diary (issue 41) are calendar days as the wearer lives them: `YYYY-MM-DD`, no time and
// no zone, so "today" is the device's local day and a wear never shifts when it syncs across zones. The
// server keeps them as `date`; these helpers do the little arithmetic the diary needs in UTC, where a
// day is always 24 hours.

const DAY_MS = 24 * 60 * 60 * 1000
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** The local calendar day of a moment (today by default). */
export function localDay(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

/** Whether `value` is a real day (`2026-02-30` is not). */
export function isDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value)
  if (!match) return false
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

function dayToUtc(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d)
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  return new Date(dayToUtc(day) + count * DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayToUtc(to) - dayToUtc(from)) / DAY_MS)
}

/** `YYYY-MM` of a day: the calendar's month. */
export function monthOf(day: string): string {
  return day.slice(0, 7)
}
