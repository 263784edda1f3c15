// The pull cursor is commit-safe: a transaction that started before another but committed after it is
// still delivered, which a cursor of "highest id seen" would skip forever.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { startDevice, type Device } from '../../support/syncedReplica'
import { createWall } from '../../../src/data/mutations/walls'
import { addPolaroid } from '../../../src/data/mutations/polaroids'
import { wallScope } from '../../../src/data/model/scopes'

let stack: TestStack
let user: TestUser
let device: Device

beforeAll(async () => {
  stack = await startTestStack()
  user = await createTestUser(stack, { username: 'cursor' })
  device = await startDevice(stack, user)
})

afterAll(async () => {
  await device.close()
  await stack.close()
})

it('does not miss a transaction that commits after a later one', async () => {
  const wallId = await createWall(device.replica, { name: 'Cursor' })
  await device.engine.flush()
  await device.engine.pull(wallScope(wallId))

  // A transaction writes a polaroid and stays open (prepared), like a slow concurrent session. A
  // transaction that NOTIFYs cannot be prepared, so the stack's realtime capture is told not to.
  await stack.db.exec(`
    begin;
    set local realtime.skip_notify = on;
    select set_config('request.jwt.claims', '{"sub":"${user.id}","role":"authenticated"}', true);
    insert into public.polaroids (id, wall_id, name, image_path, created_by, "timestamp")
      values ('late_polaroid_1', '${wallId}', 'late', 'polaroid-images/${user.id}/late.jpg', '${user.id}', 1);
    prepare transaction 'late_writer';`)
  // A later transaction commits first and is pulled.
  const early = await addPolaroid(device.replica, { wallId, name: 'early', message: '', externalUrl: 'https://example.com/e.jpg' })
  await device.engine.flush()
  await device.engine.pull(wallScope(wallId))
  expect(await device.replica.db.polaroids.get(early)).toBeDefined()
  expect(await device.replica.db.polaroids.get('late_polaroid_1')).toBeUndefined()

  await stack.db.exec(`commit prepared 'late_writer'`)
  await device.engine.pull(wallScope(wallId))
  expect(await device.replica.db.polaroids.get('late_polaroid_1')).toMatchObject({ name: 'late' })
})
