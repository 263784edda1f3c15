import { describe, expect, it } from 'vitest'
import {
  ZOOM,
  clampZoom,
  screenToWorld,
  snapRect,
  stepZoom,
  touchesRect,
  visibleWorldRect,
  wheelZoomDelta,
  zoomAround,
  type CameraState,
} from './camera'

const start: CameraState = { x: 0, y: 0, zoom: ZOOM.initial }

describe('camera math', () => {
  it('clamps zoom to 0.2..1.5', () => {
    expect(clampZoom(0.1)).toBe(0.2)
    expect(clampZoom(2)).toBe(1.5)
    expect(clampZoom(0.75)).toBe(0.75)
  })

  it('steps by 0.2 and stops exactly at the bounds', () => {
    let camera = start
    for (let i = 0; i < 10; i++) camera = stepZoom(camera, 1, 1000, 800)
    expect(camera.zoom).toBe(1.5)
    for (let i = 0; i < 10; i++) camera = stepZoom(camera, -1, 1000, 800)
    expect(camera.zoom).toBe(0.2)
    expect(stepZoom(start, 1, 1000, 800).zoom).toBeCloseTo(0.95)
  })

  it('keeps the world point under the cursor in place', () => {
    const camera = { x: 30, y: -40, zoom: 0.5 }
    const before = screenToWorld(camera, 200, 150)
    const after = screenToWorld(zoomAround(camera, 1.2, 200, 150), 200, 150)
    expect(after.x).toBeCloseTo(before.x)
    expect(after.y).toBeCloseTo(before.y)
  })

  it('turns one wheel notch into one step, in the right direction', () => {
    expect(wheelZoomDelta(-100, 0)).toBeCloseTo(0.2)
    expect(wheelZoomDelta(100, 0)).toBeCloseTo(-0.2)
    expect(wheelZoomDelta(-1000, 0)).toBeCloseTo(0.2)
    expect(wheelZoomDelta(-3, 1)).toBeCloseTo(0.2)
    expect(wheelZoomDelta(-10, 0)).toBeCloseTo(0.02)
  })

  it('finds the visible world area and snaps it to a grid', () => {
    const rect = visibleWorldRect({ x: -100, y: -50, zoom: 0.5 }, 400, 300)
    expect(rect).toEqual({ left: 200, top: 100, right: 1000, bottom: 700 })
    expect(visibleWorldRect({ x: 0, y: 0, zoom: 1 }, 400, 300, 1)).toEqual({ left: -400, top: -300, right: 800, bottom: 600 })
    expect(snapRect({ left: 210, top: -10, right: 990, bottom: 700 }, 500)).toEqual({ left: 0, top: -500, right: 1000, bottom: 1000 })
  })

  it('says whether an item touches a rect', () => {
    const rect = { left: 0, top: 0, right: 100, bottom: 100 }
    expect(touchesRect(rect, { x: 90, y: 90, width: 50, height: 50 })).toBe(true)
    expect(touchesRect(rect, { x: -60, y: 0, width: 50, height: 50 })).toBe(false)
  })
})
