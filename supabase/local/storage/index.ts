// The Storage service of the local stack (`/storage/v1`), compatible with the unmodified storage-js
// client: objects are files under `storageRoot/<bucket>/<name>` paired with storage.objects rows, and
// the storage.objects policies from the migrations decide who may read, write and delete what.
import type { Hono } from 'hono'
import type { StackContext } from '../context'
import {
  createBucketRoute,
  deleteBucketRoute,
  emptyBucketRoute,
  getBucketRoute,
  listBucketsRoute,
  updateBucketRoute,
} from './bucketRoutes'
import { listRoute } from './listObjects'
import { copyRoute, moveRoute } from './moveCopyObject'
import { recoverFileChanges } from './recoverFileChanges'
import {
  deleteObjectRoute,
  downloadRoute,
  infoRoute,
  publicDownloadRoute,
  uploadRoute,
} from './objectRoutes'
import { renderDownloadRoute, renderPublicRoute } from './renderRoutes'
import { removeRoute } from './removeObjects'
import { serveSignedRoute, signManyRoute, signRoute } from './signedUrls'
import { STORAGE_BASE, storageHandler, type Route } from './storageRouter'

/** Most specific first: the literal segments under /object/ are reserved bucket names. */
const routes: Route[] = [
  { method: 'GET', pattern: 'bucket', handle: listBucketsRoute },
  { method: 'POST', pattern: 'bucket', handle: createBucketRoute },
  { method: 'GET', pattern: 'bucket/:id', handle: getBucketRoute },
  { method: 'PUT', pattern: 'bucket/:id', handle: updateBucketRoute },
  { method: 'DELETE', pattern: 'bucket/:id', handle: deleteBucketRoute },
  { method: 'POST', pattern: 'bucket/:id/empty', handle: emptyBucketRoute },

  { method: 'POST', pattern: 'object/list/:bucket', handle: listRoute },
  { method: 'POST', pattern: 'object/move', handle: moveRoute },
  { method: 'POST', pattern: 'object/copy', handle: copyRoute },
  { method: 'POST', pattern: 'object/sign/:bucket', handle: signManyRoute },
  { method: 'POST', pattern: 'object/sign/:bucket/*', handle: signRoute },
  { method: 'GET', pattern: 'object/sign/:bucket/*', handle: serveSignedRoute },
  { method: 'GET', pattern: 'object/public/:bucket/*', handle: publicDownloadRoute },
  { method: 'GET', pattern: 'object/authenticated/:bucket/*', handle: downloadRoute },
  { method: 'GET', pattern: 'object/info/:bucket/*', handle: infoRoute },
  // Image transformations (renderRoutes.ts, signedUrls.ts), bounded in renderCache.ts.
  { method: 'GET', pattern: 'render/image/public/:bucket/*', handle: renderPublicRoute },
  { method: 'GET', pattern: 'render/image/sign/:bucket/*', handle: serveSignedRoute },
  { method: 'GET', pattern: 'render/image/authenticated/:bucket/*', handle: renderDownloadRoute },

  { method: 'POST', pattern: 'object/:bucket/*', handle: uploadRoute },
  { method: 'PUT', pattern: 'object/:bucket/*', handle: uploadRoute },
  { method: 'GET', pattern: 'object/:bucket/*', handle: downloadRoute },
  { method: 'DELETE', pattern: 'object/:bucket/*', handle: deleteObjectRoute },
  { method: 'DELETE', pattern: 'object/:bucket', handle: removeRoute },
]

export async function mountStorage(app: Hono, ctx: StackContext): Promise<void> {
  // A run that stopped mid-request (a crash) may have left files changed under a transaction that
  // never committed: what the database still names is put back, then the scratch directory is emptied.
  const restored = await recoverFileChanges(ctx.db, ctx.storageRoot)
  if (restored > 0) console.info(`storage: put back ${restored} file(s) changed by requests a crash cut short`)
  await ctx.renders.load()
  app.all(`${STORAGE_BASE}/*`, storageHandler(ctx, routes))
}
