import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openReplicaDatabase } from '../db'
import { earlyWall, onEarlyWall, replicaMissingAtBoot, startFirstScreenRead } from './firstScreen'
import type { EarlyWall } from './readWallEarly'

const serverWall = {
  id: 'w1',
  name: 'Lisbon',
  description: null,
  owner_id: 'u1',
  private: false,
  created_at: '2026-11-01T00:00:00+00:00',
  updated_at: '2026-11-01T00:00:00+00:00',
  deleted_at: null,
  txid: 11,
  owner: null,
  polaroids: [
    {
      id: 'p1',
      wall_id: 'w1',
      name: 'Linen shirt',
      message: '',
      image_path: 'polaroid-images/w1/p1.jpg',
      timestamp: 1,
      created_by: 'u1',
      x: 0,
      y: 0,
      z_index: 1,
      deleted_at: null,
      txid: 12,
    },
  ],
  wall_stickers: [],
}

/** A fetch that answers with `body` once `release` is called, recording what it was asked. */
function heldFetch(body: unknown) {
  const urls: string[] = []
  let release = () => {}
  const answered = new Promise<void>((resolve) => (release = resolve))
  const fetcher = (async (url: string) => {
    urls.push(url)
    await answered
    return new Response(JSON.stringify(body), { status: 200 })
  }) as unknown as typeof fetch
  return { urls, fetcher, release }
}

const preloaded: string[] = []
beforeEach(() => {
  vi.stubGlobal('window', { innerWidth: 1280, innerHeight: 800 })
  vi.stubGlobal(
    'Image',
    class {
      fetchPriority = ''
      set src(value: string) {
        preloaded.push(value)
      }
    },
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  preloaded.length = 0
})

const auth = { anonKey: 'anon', accessToken: null }

describe('startFirstScreenRead on a first visit to a wall (no replica)', () => {
  it('asks the server once, and hands its rows to whoever waits for them', async () => {
    const server = heldFetch([serverWall])
    startFirstScreenRead('/wall/w1', 'moori-first-visit-1', 'http://stack', auth, server.fetcher)
    const got = new Promise<EarlyWall>((resolve) => onEarlyWall('moori-first-visit-1', 'w1', resolve))
    await vi.waitFor(() => expect(server.urls).toHaveLength(1))
    expect(server.urls[0]).toMatch(/^http:\/\/stack\/rest\/v1\/walls\?/)
    expect(replicaMissingAtBoot('moori-first-visit-1')).toBe(true)
    expect(earlyWall('moori-first-visit-1', 'w1')).toBeUndefined()

    server.release()
    const wall = await got
    expect(wall.source).toBe('network')
    expect(wall.polaroids.map((p) => p.name)).toEqual(['Linen shirt'])
    expect(earlyWall('moori-first-visit-1', 'w1')).toBe(wall)
    expect(earlyWall('moori-first-visit-1', 'other')).toBeUndefined()
    // The cards load their photos at the size their box needs; a whole photo preloaded would replace it.
    expect(preloaded).toEqual([])
    // Nothing of it went into a replica: the database is still not there.
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('moori-first-visit-1')
  })

  it('does not ask the server when the device holds the replica', async () => {
    const db = openReplicaDatabase('first-screen-warm')
    await db.open()
    db.close()
    const server = heldFetch([serverWall])
    startFirstScreenRead('/wall/w1', db.name, 'http://stack', auth, server.fetcher)
    await vi.waitFor(() => expect(earlyWall(db.name, 'w1')).toMatchObject({ source: 'replica', wall: null }))
    expect(server.urls).toEqual([])
    await db.delete()
  })
})
