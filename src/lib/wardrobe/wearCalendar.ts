// The outfit calendar's month (issue 41): which items were worn and which plans wait on each day.
import { addDays, monthOf } from './wearDays'

/** Every day of a month (`YYYY-MM`), first to last. */
export function daysOfMonth(month: string): string[] {
  const days: string[] = []
  for (let day = `${month}-01`; monthOf(day) === month; day = addDays(day, 1)) days.push(day)
  return days
}

/** Rows of one month grouped by their day (`dayOf`), in the order given; other months are left out. */
export function byDayInMonth<T>(rows: Iterable<T>, month: string, dayOf: (row: T) => string): Map<string, T[]> {
  const days = new Map<string, T[]>()
  for (const row of rows) {
    const day = dayOf(row)
    if (monthOf(day) !== month) continue
    const list = days.get(day)
    if (list) list.push(row)
    else days.set(day, [row])
  }
  return days
}
