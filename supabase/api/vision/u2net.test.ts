import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { U2NET_MODEL_PATH } from './u2net'

describe('u2netp model file', () => {
  it('is the vendored u2netp.onnx (the weights rembg distributes)', () => {
    const md5 = createHash('md5').update(readFileSync(U2NET_MODEL_PATH)).digest('hex')
    expect(md5).toBe('8e83ca70e441ab06c318d82300c84806')
  })
})
