import { describe, expect, it } from 'vitest'
import { memoryReplica } from '../testing/memoryReplica'
import { createProfile } from './profiles'
import { waitForPush } from './waitForPush'

const me = '11111111-1111-1111-1111-111111111111'

const later = (ms: number, fn: () => Promise<unknown>) => setTimeout(() => void fn(), ms)

describe('waitForPush', () => {
  it('reports pushed once the row has nothing left in the outbox', async () => {
    const replica = memoryReplica(me)
    await createProfile(replica, { username: 'ada_test' })
    later(30, async () => {
      await replica.db.outbox.clear()
      await replica.db.profiles.update(me, { txid: '42' })
    })
    await expect(waitForPush(replica, 'profiles', me, 2000)).resolves.toBe('pushed')
  })

  it('reports the refusal message once the server version is back', async () => {
    const replica = memoryReplica(me)
    await createProfile(replica, { username: 'ada' })
    const [entry] = await replica.db.outbox.toArray()
    later(30, async () => {
      await replica.db.transaction('rw', replica.db.outbox, replica.db.failedMutations, async () => {
        await replica.db.outbox.clear()
        await replica.db.failedMutations.add({
          entry: entry!,
          code: '23505',
          serverMessage: 'duplicate key value violates unique constraint',
          message: 'Username is already taken',
          failedAt: Date.now(),
          notified: 0,
        })
      })
      later(30, () => replica.db.profiles.delete(me))
    })
    const started = Date.now()
    await expect(waitForPush(replica, 'profiles', me, 5000)).resolves.toEqual({
      failed: 'Username is already taken',
    })
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('ignores refusals of other rows and older refusals', async () => {
    const replica = memoryReplica(me)
    await createProfile(replica, { username: 'ada_two' })
    const [entry] = await replica.db.outbox.toArray()
    await replica.db.failedMutations.add({
      entry: entry!,
      code: '23505',
      serverMessage: 'old',
      message: 'Username is already taken',
      failedAt: Date.now() - 60_000,
      notified: 1,
    })
    await replica.db.failedMutations.add({
      entry: { ...entry!, key: 'walls:other', keys: ['walls:other'], rowId: 'other', table: 'walls' },
      code: '42501',
      serverMessage: 'nope',
      message: 'Failed to create Moori. Please try again.',
      failedAt: Date.now() + 1,
      notified: 0,
    })
    await expect(waitForPush(replica, 'profiles', me, 150)).resolves.toBe('pending')
  })

  it('waits for a batch entry that touches the row through `also`, and reports its refusal', async () => {
    const replica = memoryReplica(me)
    await createProfile(replica, { username: 'ada_four' })
    const [own] = await replica.db.outbox.toArray()
    await replica.db.outbox.clear()
    await replica.db.profiles.update(me, { txid: '42' })
    const batch = {
      ...own!,
      seq: undefined,
      key: 'walls:w1',
      keys: ['walls:w1', `profiles:${me}`],
      table: 'walls' as const,
      rowId: 'w1',
      also: [{ table: 'profiles' as const, rowId: me, fields: ['bio'] }],
    }
    await replica.db.outbox.add(batch)
    await expect(waitForPush(replica, 'profiles', me, 100)).resolves.toBe('pending')
    later(30, () =>
      replica.db.transaction('rw', replica.db.outbox, replica.db.failedMutations, async () => {
        await replica.db.outbox.clear()
        await replica.db.failedMutations.add({ entry: batch, code: '42501', serverMessage: 'no', message: 'Failed to update item', failedAt: Date.now(), notified: 0 })
      }),
    )
    await expect(waitForPush(replica, 'profiles', me, 2000)).resolves.toEqual({ failed: 'Failed to update item' })
  })

  it('says pending when the change is still queued at the deadline (offline)', async () => {
    const replica = memoryReplica(me)
    await createProfile(replica, { username: 'ada_three' })
    await expect(waitForPush(replica, 'profiles', me, 100)).resolves.toBe('pending')
    expect(await replica.db.outbox.count()).toBe(1)
  })
})
