import { describe, expect, it } from 'vitest'
import { pickImage } from './pickImage'

describe('picking the one image to upload', () => {
  it('takes a single image of any image type', () => {
    expect(pickImage([{ type: 'image/jpeg' }])).toEqual({ ok: true, index: 0 })
    expect(pickImage([{ type: 'image/png' }])).toEqual({ ok: true, index: 0 })
  })

  it('refuses PDFs and other files with the spec message', () => {
    expect(pickImage([{ type: 'application/pdf' }])).toEqual({ ok: false, message: 'Only image files are supported.' })
    expect(pickImage([{ type: '' }])).toEqual({ ok: false, message: 'Only image files are supported.' })
    expect(pickImage([])).toEqual({ ok: false, message: 'Only image files are supported.' })
  })

  it('takes one file only', () => {
    expect(pickImage([{ type: 'image/png' }, { type: 'image/png' }])).toEqual({ ok: false, message: 'Too many files' })
  })
})
