// Issue 23: an import reads the zip's directory and refuses a zip bomb (too large unpacked, too many
// files, one file too large) with a clear message before inflating anything.
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { messages } from '@/lib/messages'
import { ExportFormatError, IMPORT_LIMITS, readExport } from './exportFormat'

const small = { totalBytes: 10_000, entries: 5, entryBytes: 4_000 }

function refusal(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ExportFormatError)
    return (error as Error).message
  }
  throw new Error('the zip was read')
}

describe('readExport limits', () => {
  it('refuses one file that unpacks past the per-file limit (a real 17 MB bomb of zeros)', () => {
    const bomb = zipSync({ 'images/wardrobe-images/a.png': new Uint8Array(17 * 1024 * 1024) }, { level: 9 })
    expect(bomb.length).toBeLessThan(100_000)
    expect(refusal(() => readExport(bomb))).toBe(
      messages.importFileTooLarge
        .replace('{name}', 'images/wardrobe-images/a.png')
        .replace('{limit}', '16 MB'),
    )
    expect(IMPORT_LIMITS.entryBytes).toBe(16 * 1024 * 1024)
  })

  it('refuses a zip whose files add up past the total', () => {
    const zip = zipSync({ a: new Uint8Array(3_900), b: new Uint8Array(3_900), c: new Uint8Array(3_900) })
    expect(refusal(() => readExport(zip, small))).toBe(messages.importTooLarge.replace('{limit}', '0 MB'))
  })

  it('refuses a zip with too many files', () => {
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}`, strToU8('x')]))
    expect(refusal(() => readExport(zipSync(files), small))).toBe(
      messages.importTooManyFiles.replace('{limit}', '5'),
    )
  })

  it('still reads what is within the limits (and says when it is not an export)', () => {
    const zip = zipSync({ 'notes.txt': strToU8('hello') })
    expect(refusal(() => readExport(zip, small))).toMatch(/has no moori-export\.json/)
  })
})
