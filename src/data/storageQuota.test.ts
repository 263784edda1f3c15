import { describe, expect, it } from 'vitest'
import { MutationError } from './replica'
import { OUT_OF_SPACE_MESSAGE, withQuotaRecovery } from './storageQuota'

const quotaError = () => Object.assign(new Error('full'), { name: 'QuotaExceededError' })

describe('running out of space', () => {
  it('evicts cached images and retries the write once', async () => {
    let tries = 0
    let evicted = 0
    const result = await withQuotaRecovery(
      () => {
        tries += 1
        return tries === 1 ? Promise.reject(quotaError()) : Promise.resolve('saved')
      },
      () => Promise.resolve((evicted += 5)),
    )
    expect(result).toBe('saved')
    expect(evicted).toBe(5)
  })

  it('says so plainly when it still does not fit', async () => {
    const write = () => Promise.reject(quotaError())
    await expect(withQuotaRecovery(write, () => Promise.resolve(3))).rejects.toEqual(new MutationError(OUT_OF_SPACE_MESSAGE))
    await expect(withQuotaRecovery(write, () => Promise.resolve(0))).rejects.toThrow(OUT_OF_SPACE_MESSAGE)
  })

  it('passes other errors through', async () => {
    await expect(withQuotaRecovery(() => Promise.reject(new Error('other')))).rejects.toThrow('other')
  })
})
