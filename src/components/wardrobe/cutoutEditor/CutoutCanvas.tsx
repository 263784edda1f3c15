// The cut-out over a checkerboard, with the photo faintly behind it (so what was removed can be painted
// back), and the strokes drawn over it at once while the worker's preview catches up. One pointer draws
// (mouse, pen or finger; a tap is a dot, the single-pointer way in); two pointers pinch and pan; the wheel
// zooms at the cursor; the middle button pans. Strokes are kept in the working image's pixels, so zooming
// never changes them; the brush is sized on the screen. The camera lives in a ref and is written straight
// to the stage's transform, so a pinch re-renders nothing.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react'
import type { Stroke } from '@/data/wardrobe/cutoutClient'
import styles from './CutoutEditor.module.css'

export type BrushMode = Stroke['mode']

interface Camera {
  k: number
  x: number
  y: number
}

export interface CutoutCanvasHandle {
  zoomBy(factor: number): void
  fit(): void
}

interface Props {
  /** The working image's size (strokes are in its pixels). */
  width: number
  height: number
  /** The cut-out to show. */
  image: ImageData
  /** The photo with nothing removed (drawn faintly behind the cut-out). */
  photo: ImageData
  /** Strokes the shown cut-out does not include yet. */
  pending: readonly Stroke[]
  mode: BrushMode
  /** The brush's diameter on the screen, in CSS pixels. */
  brushSize: number
  label: string
  onDrawing(stroke: Stroke): void
  onStroke(stroke: Stroke): void
  /** The stroke being drawn was dropped (a second finger made it a pinch): previews of it are stale. */
  onStrokeCancelled(): void
}

const MIN_ZOOM = 0.5
const MAX_ZOOM = 8
const STROKE_COLOURS: Record<BrushMode, string> = {
  keep: 'rgba(40, 170, 90, 0.55)',
  remove: 'rgba(225, 50, 60, 0.55)',
}

export const CutoutCanvas = forwardRef<CutoutCanvasHandle, Props>(function CutoutCanvas(props, handle) {
  const { width, height, image, photo, pending, mode, brushSize, label } = props
  const viewport = useRef<HTMLDivElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const cutout = useRef<HTMLCanvasElement>(null)
  const ghost = useRef<HTMLCanvasElement>(null)
  const overlay = useRef<HTMLCanvasElement>(null)
  const camera = useRef<Camera>({ k: 1, x: 0, y: 0 })
  /** The zoom that fits the whole image; the camera's zoom is a multiple of it between MIN and MAX. */
  const fitted = useRef<Camera>({ k: 1, x: 0, y: 0 })
  const live = useRef<{ pointerId: number; mode: BrushMode; radius: number; points: number[] } | null>(null)
  const pointers = useRef(new Map<number, { x: number; y: number }>())
  const pinch = useRef<{ distance: number; mid: { x: number; y: number }; camera: Camera } | null>(null)
  const pan = useRef<{ pointerId: number; x: number; y: number; camera: Camera } | null>(null)
  const latest = useRef(props)
  useLayoutEffect(() => {
    latest.current = props
  })

  const apply = useCallback(() => {
    const { k, x, y } = camera.current
    if (stage.current) stage.current.style.transform = `translate(${x}px, ${y}px) scale(${k})`
    const zoom = k / fitted.current.k
    viewport.current?.style.setProperty('--zoom', String(zoom))
  }, [])

  const fit = useCallback(() => {
    const box = viewport.current?.getBoundingClientRect()
    if (!box || box.width === 0) return
    const k = Math.min(box.width / width, box.height / height) * 0.94
    fitted.current = { k, x: (box.width - width * k) / 2, y: (box.height - height * k) / 2 }
    camera.current = { ...fitted.current }
    apply()
  }, [width, height, apply])

  /** Zoom by `factor` keeping the viewport point (px, py) still. */
  const zoomAt = useCallback(
    (factor: number, px: number, py: number, from: Camera = camera.current) => {
      const base = fitted.current.k
      const k = Math.min(base * MAX_ZOOM, Math.max(base * MIN_ZOOM, from.k * factor))
      const scale = k / from.k
      camera.current = { k, x: px - (px - from.x) * scale, y: py - (py - from.y) * scale }
      apply()
    },
    [apply],
  )

  useImperativeHandle(
    handle,
    () => ({
      zoomBy(factor) {
        const box = viewport.current?.getBoundingClientRect()
        if (box) zoomAt(factor, box.width / 2, box.height / 2)
      },
      fit,
    }),
    [zoomAt, fit],
  )

  useLayoutEffect(() => {
    fit()
    const element = viewport.current
    if (!element) return
    const observer = new ResizeObserver(() => fit())
    observer.observe(element)
    return () => observer.disconnect()
  }, [fit])

  // The wheel needs a listener that may prevent the page's scroll (React's are passive).
  useEffect(() => {
    const element = viewport.current
    if (!element) return
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const box = element.getBoundingClientRect()
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY
      zoomAt(Math.exp(-delta * 0.002), event.clientX - box.left, event.clientY - box.top)
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [zoomAt])

  useEffect(() => {
    paint(cutout.current, image)
  }, [image])

  useEffect(() => {
    paint(ghost.current, opaque(photo))
  }, [photo])

  const drawOverlay = useCallback(() => {
    const canvas = overlay.current
    const context = canvas?.getContext('2d')
    if (!canvas || !context) return
    const { pending: strokes } = latest.current
    context.clearRect(0, 0, canvas.width, canvas.height)
    const scale = canvas.width / width
    const drawn: Stroke[] = [...strokes]
    const current = live.current
    if (current) drawn.push({ mode: current.mode, radius: current.radius, points: current.points })
    for (const stroke of drawn) {
      const points = stroke.points
      if (points.length < 2) continue
      context.strokeStyle = STROKE_COLOURS[stroke.mode]
      context.fillStyle = STROKE_COLOURS[stroke.mode]
      context.lineWidth = stroke.radius * 2 * scale
      context.lineCap = 'round'
      context.lineJoin = 'round'
      context.beginPath()
      if (points.length === 2) {
        context.arc(points[0]! * scale, points[1]! * scale, stroke.radius * scale, 0, Math.PI * 2)
        context.fill()
        continue
      }
      context.moveTo(points[0]! * scale, points[1]! * scale)
      for (let i = 2; i < points.length; i += 2) context.lineTo(points[i]! * scale, points[i + 1]! * scale)
      context.stroke()
    }
  }, [width])

  useEffect(drawOverlay, [pending, drawOverlay])

  /** A viewport point → the working image's pixels. */
  const toImage = (clientX: number, clientY: number) => {
    const box = viewport.current!.getBoundingClientRect()
    const { k, x, y } = camera.current
    return { x: (clientX - box.left - x) / k, y: (clientY - box.top - y) / k }
  }
  const local = (event: React.PointerEvent) => {
    const box = viewport.current!.getBoundingClientRect()
    return { x: event.clientX - box.left, y: event.clientY - box.top }
  }
  const liveStroke = (): Stroke | null => {
    const current = live.current
    return current ? { mode: current.mode, radius: current.radius, points: Float32Array.from(current.points) } : null
  }

  const startPinch = () => {
    const [a, b] = [...pointers.current.values()]
    if (!a || !b) return
    pinch.current = {
      distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
      mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      camera: { ...camera.current },
    }
  }

  return (
    <div
      ref={viewport}
      className={styles.viewport}
      data-testid="cutout-canvas"
      data-mode={mode}
      role="img"
      aria-label={label}
      style={{ ['--brush' as string]: `${brushSize}px` }}
      onPointerDown={(event) => {
        if (event.button !== 0 && event.button !== 1) return
        event.preventDefault()
        event.currentTarget.setPointerCapture(event.pointerId)
        pointers.current.set(event.pointerId, local(event))
        if (event.button === 1) {
          pan.current = { pointerId: event.pointerId, ...local(event), camera: { ...camera.current } }
          return
        }
        if (pointers.current.size === 1) {
          const at = toImage(event.clientX, event.clientY)
          live.current = { pointerId: event.pointerId, mode, radius: brushSize / 2 / camera.current.k, points: [at.x, at.y] }
          drawOverlay()
        } else if (pointers.current.size === 2) {
          // A second finger: this was a pinch, not a stroke.
          const dropped = live.current !== null
          live.current = null
          drawOverlay()
          startPinch()
          if (dropped) latest.current.onStrokeCancelled()
        }
      }}
      onPointerMove={(event) => {
        if (!pointers.current.has(event.pointerId)) return
        const at = local(event)
        pointers.current.set(event.pointerId, at)
        if (pan.current?.pointerId === event.pointerId) {
          const from = pan.current
          camera.current = { ...from.camera, x: from.camera.x + at.x - from.x, y: from.camera.y + at.y - from.y }
          apply()
          return
        }
        if (pinch.current) {
          const [a, b] = [...pointers.current.values()]
          if (!a || !b) return
          const start = pinch.current
          const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }
          const moved = { ...start.camera, x: start.camera.x + mid.x - start.mid.x, y: start.camera.y + mid.y - start.mid.y }
          zoomAt(Math.hypot(a.x - b.x, a.y - b.y) / start.distance, mid.x, mid.y, moved)
          return
        }
        const current = live.current
        if (current?.pointerId !== event.pointerId) return
        const point = toImage(event.clientX, event.clientY)
        const n = current.points.length
        // Points closer than a quarter brush add nothing the capsules do not already cover.
        if (Math.hypot(point.x - current.points[n - 2]!, point.y - current.points[n - 1]!) < current.radius / 4) return
        current.points.push(point.x, point.y)
        drawOverlay()
        latest.current.onDrawing(liveStroke()!)
      }}
      onPointerUp={(event) => {
        pointers.current.delete(event.pointerId)
        if (pan.current?.pointerId === event.pointerId) pan.current = null
        if (pointers.current.size < 2) pinch.current = null
        if (live.current?.pointerId === event.pointerId) {
          const stroke = liveStroke()!
          live.current = null
          latest.current.onStroke(stroke)
        }
      }}
      onPointerCancel={(event) => {
        pointers.current.delete(event.pointerId)
        if (pan.current?.pointerId === event.pointerId) pan.current = null
        if (pointers.current.size < 2) pinch.current = null
        if (live.current?.pointerId === event.pointerId) {
          live.current = null
          drawOverlay()
          latest.current.onStrokeCancelled()
        }
      }}
    >
      <div ref={stage} className={styles.stage} style={{ width, height }}>
        <canvas ref={ghost} className={styles.ghost} width={photo.width} height={photo.height} />
        <canvas ref={cutout} className={styles.layer} width={image.width} height={image.height} data-testid="cutout-preview" />
        <canvas ref={overlay} className={styles.layer} width={image.width} height={image.height} />
      </div>
    </div>
  )
})

function paint(canvas: HTMLCanvasElement | null, image: ImageData): void {
  const context = canvas?.getContext('2d')
  if (!canvas || !context) return
  if (canvas.width !== image.width) canvas.width = image.width
  if (canvas.height !== image.height) canvas.height = image.height
  context.putImageData(image, 0, 0)
}

/** The photo's colours with nothing cut away. */
function opaque(image: ImageData): ImageData {
  const data = new Uint8ClampedArray(image.data)
  for (let i = 3; i < data.length; i += 4) data[i] = 255
  return new ImageData(data, image.width, image.height)
}
