// A replica on its own in-memory IndexedDB (fake-indexeddb) for tests, with a SyncHandle that records
// what it was asked to do instead of syncing. Integration tests plug a real engine in instead.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { MooriDB } from '../db'
import type { ImageSigner, Replica, SyncHandle } from '../replica'
import { ApiCallError, type ProductApi } from '../wardrobe/productApi'

export interface RecordingSync extends SyncHandle {
  nudges: number
  retained: string[]
}

function recordingSync(): RecordingSync {
  const sync: RecordingSync = {
    nudges: 0,
    retained: [],
    nudge() {
      sync.nudges += 1
    },
    retainScope(scope) {
      sync.retained.push(scope)
      return () => {
        sync.retained.splice(sync.retained.indexOf(scope), 1)
      }
    },
  }
  return sync
}

let counter = 0

export function memoryDatabase(name = `test-${++counter}`): MooriDB {
  return new MooriDB(name, { indexedDB: new IDBFactory(), IDBKeyRange })
}

/** Signs by appending a fake token, and counts how often it was asked. */
export function fakeSigner(): ImageSigner & { signed: number } {
  const signer = {
    signed: 0,
    publicUrl: (bucket: string, path: string) => `https://storage.test/public/${bucket}/${path}`,
    objectUrl: (bucket: string, path: string) => `https://storage.test/authenticated/${bucket}/${path}`,
    sign: (bucket: string, path: string, expiresIn: number) => {
      signer.signed += 1
      return Promise.resolve(`https://storage.test/sign/${bucket}/${path}?token=t${signer.signed}&exp=${expiresIn}`)
    },
  }
  return signer
}

/** Product API calls a test did not expect fail loudly; tests that need them pass their own. */
const unreachableApi: ProductApi = {
  removeBackground: () => Promise.reject(new ApiCallError('No product API in this test', 0)),
  generateWall: () => Promise.reject(new ApiCallError('No product API in this test', 0)),
  deleteAccount: () => Promise.reject(new ApiCallError('No product API in this test', 0)),
}

export function memoryReplica(userId: string | null, sync: SyncHandle = recordingSync(), api: ProductApi = unreachableApi): Replica {
  return { db: memoryDatabase(), userId, sync, images: fakeSigner(), api }
}
