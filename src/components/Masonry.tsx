// A masonry grid: items dealt into columns in order, with the column count picked from the window width
// (min-width breakpoints). The generic default is 2 columns (spec §2).
import { useEffect, useState, type ReactNode } from 'react'
import styles from './Masonry.module.css'

/** `default` applies at widths above every breakpoint; a key N applies from width N upward. */
export type Breakpoints = { default: number } & Record<number, number>

export function columnsFor(width: number, breakpoints: Breakpoints, below: number): number {
  const keys = Object.keys(breakpoints)
    .filter((k) => k !== 'default')
    .map(Number)
    .sort((a, b) => b - a)
  if (keys.length === 0) return breakpoints.default
  if (width >= (keys[0] ?? 0)) return Math.max(breakpoints.default, breakpoints[keys[0]!] ?? 1)
  for (const key of keys) if (width >= key) return breakpoints[key] ?? 1
  return below
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1024 : window.innerWidth))
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth)
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return width
}

export function Masonry<T>({
  items,
  render,
  keyOf,
  breakpoints = { default: 2 },
  below = 1,
  label,
}: {
  items: T[]
  render: (item: T, index: number) => ReactNode
  keyOf: (item: T) => string
  breakpoints?: Breakpoints
  /** Columns below the smallest breakpoint. */
  below?: number
  label?: string
}) {
  const count = columnsFor(useWindowWidth(), breakpoints, below)
  const columns: Array<Array<{ item: T; index: number }>> = Array.from({ length: count }, () => [])
  items.forEach((item, index) => columns[index % count]!.push({ item, index }))
  return (
    <div className={styles.grid} style={{ gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` }} aria-label={label} data-columns={count}>
      {columns.map((column, i) => (
        <div key={i} className={styles.column}>
          {column.map(({ item, index }) => (
            <div key={keyOf(item)}>{render(item, index)}</div>
          ))}
        </div>
      ))}
    </div>
  )
}
