import { describe, expect, it } from 'vitest'
import { memoryDatabase, memoryReplica } from '../testing/memoryReplica'
import { MutationError } from '../replica'
import { PREVIEW_SAVE_FAILED, convertPreview } from './convertPreview'
import {
  PREVIEW_DEFAULTS,
  PREVIEW_WALL_ID,
  addPreviewPolaroid,
  clearPreview,
  movePreviewPolaroid,
  requestPreviewSave,
  setPreviewWall,
} from './preview'

const me = '11111111-1111-1111-1111-111111111111'
const image = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })
const store = () => ({ db: memoryDatabase() })

describe('the guest preview wall', () => {
  it('keeps the create-wall settings, with the spec defaults', async () => {
    const preview = store()
    expect(await setPreviewWall(preview, {})).toMatchObject({ ...PREVIEW_DEFAULTS })
    expect(await setPreviewWall(preview, { name: ' Summer ', private: true })).toMatchObject({
      name: 'Summer',
      description: 'A new collaborative wall',
      private: true,
    })
    expect(await setPreviewWall(preview, { description: 'Looks' })).toMatchObject({
      name: 'Summer',
      description: 'Looks',
      private: true,
    })
  })

  it('checks the form with the spec messages and stores nothing on failure', async () => {
    const preview = store()
    const add = (input: Parameters<typeof addPreviewPolaroid>[1]) => addPreviewPolaroid(preview, input)
    await expect(add({ name: ' ', message: 'm', image: image() })).rejects.toThrow('Name is required')
    await expect(add({ name: 'n', message: '', image: image() })).rejects.toThrow('Message is required')
    await expect(add({ name: 'n', message: 'm' })).rejects.toThrow('Image is required')
    await expect(add({ name: 'n', message: 'm', externalUrl: 'not a url' })).rejects.toBeInstanceOf(
      MutationError,
    )
    expect(await preview.db.previewPolaroids.count()).toBe(0)
  })

  it('places new polaroids at random within 0..200, each above the last', async () => {
    const preview = store()
    const values = [0, 1, 0.5, 0.25]
    const random = () => values.shift() ?? 0
    const a = await addPreviewPolaroid(preview, { name: 'a', message: 'm', image: image() }, random)
    const b = await addPreviewPolaroid(
      preview,
      { name: 'b', message: 'm', externalUrl: 'https://e.com/b.jpg' },
      random,
    )
    expect(await preview.db.previewPolaroids.get(a)).toMatchObject({
      x: 0,
      y: 200,
      zIndex: 1,
      externalUrl: null,
    })
    expect(await preview.db.previewPolaroids.get(b)).toMatchObject({ x: 100, y: 50, zIndex: 2, image: null })
    await movePreviewPolaroid(preview, a, { x: 30, y: 40, zIndex: 3 })
    expect(await preview.db.previewPolaroids.get(a)).toMatchObject({ x: 30, y: 40, zIndex: 3 })
    await clearPreview(preview)
    expect(await preview.db.previewPolaroids.count()).toBe(0)
  })
})

describe('turning the preview into a real wall', () => {
  it('does nothing unless the guest asked to save it', async () => {
    const preview = store()
    await addPreviewPolaroid(preview, { name: 'a', message: 'm', image: image() })
    const replica = memoryReplica(me)
    expect(await convertPreview(replica, preview)).toBeNull()
    expect(await replica.db.walls.count()).toBe(0)
  })

  it('creates the wall with the stored settings and adds every polaroid, once', async () => {
    const preview = store()
    await setPreviewWall(preview, { name: 'Party fits', description: 'For Saturday', private: true })
    await addPreviewPolaroid(preview, { name: 'first', message: 'one', image: image() })
    await addPreviewPolaroid(preview, { name: 'second', message: 'two', externalUrl: 'https://e.com/2.jpg' })
    await requestPreviewSave(preview)
    expect((await preview.db.previewWall.get(PREVIEW_WALL_ID))?.saveRequested).toBe(true)

    const replica = memoryReplica(me)
    const wallId = await convertPreview(replica, preview)
    expect(wallId).toBeTruthy()
    expect(await replica.db.walls.get(wallId!)).toMatchObject({
      name: 'Party fits',
      description: 'For Saturday',
      private: true,
      ownerId: me,
    })
    const polaroids = await replica.db.polaroids.where('wallId').equals(wallId!).sortBy('zIndex')
    expect(polaroids.map((p) => [p.name, p.message, p.createdBy])).toEqual([
      ['first', 'one', me],
      ['second', 'two', me],
    ])
    expect(polaroids[0]!.imagePath).toMatch(/^polaroid-images\//)
    expect(polaroids[1]!.externalUrl).toBe('https://e.com/2.jpg')
    expect(await replica.db.pendingUploads.count()).toBe(1)
    expect(await preview.db.previewPolaroids.count()).toBe(0)
    expect(await convertPreview(replica, preview)).toBeNull()
    expect(await replica.db.walls.count()).toBe(1)
  })

  it('is claimed before it runs, so a failure is not retried in a loop', async () => {
    const preview = store()
    await setPreviewWall(preview, { name: 'x'.repeat(81) })
    await addPreviewPolaroid(preview, { name: 'a', message: 'm', image: image() })
    await requestPreviewSave(preview)
    await expect(convertPreview(memoryReplica(me), preview)).rejects.toThrow('Name is too long')
    expect((await preview.db.previewWall.get(PREVIEW_WALL_ID))?.saveRequested).toBe(false)
    expect(await preview.db.previewPolaroids.count()).toBe(1)
    expect(PREVIEW_SAVE_FAILED).toContain("couldn't create your Moori")
  })
})
