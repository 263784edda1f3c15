// The polaroid look shared by cards outside the wall canvas: a white frame with a thicker chin, a soft
// shadow, a slight tilt from the photo's timestamp, and sometimes a strip of washi tape.
import type { CSSProperties, ReactNode } from 'react'
import styles from './PolaroidFrame.module.css'

/** The wall's tilt rule (spec §2: timestamp mod 7, minus 3 degrees), softened for lists and grids. */
export function cardTilt(timestamp: number, scale = 0.5): number {
  return ((((Math.round(timestamp) % 7) + 7) % 7) - 3) * scale
}

export function PolaroidFrame({
  children,
  caption,
  tilt = 0,
  tape = false,
  photoOverlay,
  className,
}: {
  children: ReactNode
  caption?: ReactNode
  /** Laid over the photo (hover links). */
  photoOverlay?: ReactNode
  tilt?: number
  tape?: boolean
  className?: string
}) {
  return (
    <div
      className={[styles.frame, className ?? ''].join(' ')}
      style={{ '--tilt': `${tilt}deg` } as CSSProperties}
    >
      {tape && <span className={styles.tape} aria-hidden="true" />}
      <div className={styles.photo}>
        {children}
        {photoOverlay}
      </div>
      {caption && <div className={styles.caption}>{caption}</div>}
    </div>
  )
}
