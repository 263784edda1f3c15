// Zoom in, zoom out and reset for a canvas, with the current zoom as a percentage. The read-out and the
// disabled state at the limits are written to the DOM from the camera, without a React render.
import { useEffect, useRef } from 'react'
import { ZOOM } from '@/lib/camera'
import type { Camera, CameraAnimation } from './Camera'
import styles from './ZoomControls.module.css'

const DEFAULT_ANIMATION: CameraAnimation = { durationMs: 200 }

function Glyph({ d }: { d: string }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  )
}

export function ZoomControls({
  camera,
  animation = DEFAULT_ANIMATION,
  className,
}: {
  camera: Camera
  animation?: CameraAnimation
  className?: string
}) {
  const readout = useRef<HTMLSpanElement>(null)
  const zoomIn = useRef<HTMLButtonElement>(null)
  const zoomOut = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const show = (zoom: number) => {
      if (readout.current) readout.current.textContent = `${Math.round(zoom * 100)}%`
      zoomIn.current?.setAttribute('aria-disabled', String(zoom >= ZOOM.max))
      zoomOut.current?.setAttribute('aria-disabled', String(zoom <= ZOOM.min))
    }
    show(camera.state.zoom)
    return camera.subscribe((state) => show(state.zoom))
  }, [camera])

  return (
    <div className={[styles.controls, className ?? ''].join(' ')} role="group" aria-label="Zoom">
      <button ref={zoomIn} type="button" className={styles.button} aria-label="Zoom in" onClick={() => camera.zoomIn(animation)}>
        <Glyph d="M12 5v14M5 12h14" />
      </button>
      <span ref={readout} className={styles.readout} data-testid="zoom-level">
        {Math.round(camera.state.zoom * 100)}%
      </span>
      <button ref={zoomOut} type="button" className={styles.button} aria-label="Zoom out" onClick={() => camera.zoomOut(animation)}>
        <Glyph d="M5 12h14" />
      </button>
      <button type="button" className={styles.button} aria-label="Reset zoom" onClick={() => camera.reset(animation)}>
        <Glyph d="M4 4v6h6M5.6 15a7 7 0 0011.8 2.4L20 14M18.4 9A7 7 0 006.6 6.6L4 10" />
      </button>
    </div>
  )
}
