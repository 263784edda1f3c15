import { describe, expect, it } from 'vitest'
import { bestSplit, firstLastingChange, pathProfile, type RowColour } from './colourProfile'
import { hexToOklab } from './oklab'

function rows(...runs: [string | null, number][]): RowColour[] {
  const out: RowColour[] = []
  for (const [hex, count] of runs) {
    for (let i = 0; i < count; i++)
      out.push({
        at: out.length,
        x: 0,
        y: out.length,
        lab: hex ? hexToOklab(hex) : null,
        coverage: hex ? 1 : 0,
      })
  }
  return out
}

describe('colour profiles along the body', () => {
  it('splits a navy top from beige trousers at the change', () => {
    const split = bestSplit(rows(['#1f2a5a', 40], ['#d8c3a5', 25]))
    expect(split?.at).toBe(40)
    expect(split!.contrast).toBeGreaterThan(0.2)
  })

  it('finds a hem only where the change lasts', () => {
    const navy = hexToOklab('#1f2a5a')
    const leg = rows(['#1f2a5a', 20], ['#ffffff', 2], ['#1f2a5a', 10], ['#c68642', 30])
    expect(firstLastingChange(leg, navy, 0.12, 5)?.at).toBe(32)
    expect(firstLastingChange(rows(['#1f2a5a', 50]), navy, 0.12, 5)).toBeNull()
    expect(firstLastingChange(rows(['#1f2a5a', 20], [null, 10]), navy, 0.12, 5)?.at).toBe(20)
  })

  it('samples a limb at any angle, every step along its length', () => {
    const width = 60
    const image = { data: new Uint8Array(width * width * 3).fill(200), width, height: width }
    const alpha = new Uint8Array(width * width).fill(255)
    const samples = pathProfile(
      image,
      alpha,
      [
        { x: 5, y: 5 },
        { x: 35, y: 45 },
        { x: 55, y: 45 },
      ],
      5,
      2,
      [],
    )
    expect(samples.map((s) => s.at)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65])
    expect(samples[10]).toMatchObject({ x: 35, y: 45 })
  })
})
