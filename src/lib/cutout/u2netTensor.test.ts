import { describe, expect, it } from 'vitest'
import { U2NET_SIZE, normalise, toInputTensor } from './u2netTensor'

describe("u2netp's pre/post-processing", () => {
  it('divides by the image maximum, then applies ImageNet mean and std, planar (NCHW)', () => {
    const plane = U2NET_SIZE * U2NET_SIZE
    const rgb = new Uint8Array(plane * 3)
    rgb.set([100, 50, 200], 0) // first pixel; the image maximum is 200
    const tensor = toInputTensor(rgb)
    expect(tensor).toHaveLength(3 * plane)
    expect(tensor[0]).toBeCloseTo((0.5 - 0.485) / 0.229, 5)
    expect(tensor[plane]).toBeCloseTo((0.25 - 0.456) / 0.224, 5)
    expect(tensor[2 * plane]).toBeCloseTo((1 - 0.406) / 0.225, 5)
    expect(tensor[1]).toBeCloseTo((0 - 0.485) / 0.229, 5)
  })

  it('min-max normalises the first output plane to 0..1', () => {
    const output = new Float32Array(U2NET_SIZE * U2NET_SIZE * 2).fill(0.25)
    output[0] = -1
    output[1] = 3
    output[U2NET_SIZE * U2NET_SIZE] = 99 // a second plane, ignored
    const p = normalise(output)
    expect(p).toHaveLength(U2NET_SIZE * U2NET_SIZE)
    expect([p[0], p[1], p[2]]).toEqual([0, 1, 0.3125])
  })
})
