// The canvas camera lives outside React (like tldraw's): gestures and buttons change it, and it writes
// itself straight to the layer's CSS transform, so panning and zooming never re-render a component.
// Listeners (zoom read-out, the visible-area tracker) are told after every change and decide
// themselves whether anything worth a render happened.
import { CAMERA_HOME, clampZoom, stepZoom, zoomAround, type CameraState } from '@/lib/camera'

export interface CameraAnimation {
  durationMs: number
  /** Wait this long before starting (the preview's zoom buttons, spec §9: 300 ms after 100 ms). */
  delayMs?: number
}

type Listener = (state: CameraState) => void

const easeOut = (t: number) => 1 - (1 - t) ** 3

export class Camera {
  private current: CameraState
  private readonly home: CameraState
  private layer: HTMLElement | null = null
  private viewport: HTMLElement | null = null
  private readonly listeners = new Set<Listener>()
  private frame: number | null = null
  private delay: ReturnType<typeof setTimeout> | null = null

  constructor(home: CameraState = CAMERA_HOME) {
    this.home = { ...home, zoom: clampZoom(home.zoom) }
    this.current = { ...this.home }
  }

  get state(): CameraState {
    return this.current
  }

  /** The elements the camera drives; call with nulls when they unmount. */
  attach(viewport: HTMLElement | null, layer: HTMLElement | null): void {
    this.viewport = viewport
    this.layer = layer
    this.write()
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  viewportSize(): { width: number; height: number } {
    const rect = this.viewport?.getBoundingClientRect()
    return { width: rect?.width || window.innerWidth, height: rect?.height || window.innerHeight }
  }

  /** Sets the camera at once (gestures); stops any running animation. */
  set(next: CameraState): void {
    this.stopAnimation()
    this.current = { x: next.x, y: next.y, zoom: clampZoom(next.zoom) }
    this.write()
  }

  panBy(dx: number, dy: number): void {
    this.set({ ...this.current, x: this.current.x + dx, y: this.current.y + dy })
  }

  zoomAt(zoom: number, px: number, py: number): void {
    this.set(zoomAround(this.current, zoom, px, py))
  }

  zoomIn(animation?: CameraAnimation): void {
    const { width, height } = this.viewportSize()
    this.animateTo(stepZoom(this.target(), 1, width, height), animation)
  }

  zoomOut(animation?: CameraAnimation): void {
    const { width, height } = this.viewportSize()
    this.animateTo(stepZoom(this.target(), -1, width, height), animation)
  }

  reset(animation?: CameraAnimation): void {
    this.animateTo({ ...this.home }, animation)
  }

  private pendingTarget: CameraState | null = null

  /** Where the camera is heading: repeated button presses step from the last target, not mid-flight. */
  private target(): CameraState {
    return this.pendingTarget ?? this.current
  }

  private animateTo(target: CameraState, animation?: CameraAnimation): void {
    const goal = { ...target, zoom: clampZoom(target.zoom) }
    this.stopAnimation()
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    if (!animation || animation.durationMs <= 0 || reduced) {
      this.current = goal
      this.write()
      return
    }
    this.pendingTarget = goal
    const run = () => {
      this.delay = null
      const from = { ...this.current }
      const started = performance.now()
      const step = (now: number) => {
        const t = Math.min(1, (now - started) / animation.durationMs)
        const k = easeOut(t)
        this.current = {
          x: from.x + (goal.x - from.x) * k,
          y: from.y + (goal.y - from.y) * k,
          zoom: t === 1 ? goal.zoom : from.zoom + (goal.zoom - from.zoom) * k,
        }
        this.write()
        if (t < 1) this.frame = requestAnimationFrame(step)
        else {
          this.frame = null
          this.pendingTarget = null
        }
      }
      this.frame = requestAnimationFrame(step)
    }
    if (animation.delayMs) this.delay = setTimeout(run, animation.delayMs)
    else run()
  }

  private stopAnimation(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame)
    if (this.delay !== null) clearTimeout(this.delay)
    this.frame = null
    this.delay = null
    this.pendingTarget = null
  }

  private write(): void {
    const { x, y, zoom } = this.current
    if (this.layer) this.layer.style.transform = `translate3d(${x}px, ${y}px, 0) scale(${zoom})`
    if (this.viewport) this.viewport.dataset.zoom = String(Math.round(zoom * 1000) / 1000)
    for (const listener of this.listeners) listener(this.current)
  }
}
