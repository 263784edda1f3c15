// The RLS matrix for the personal side: wardrobe items, their tags, processing jobs and the storage
// objects behind every image, plus what the product API may do with the service role.
import { describe, it } from 'vitest'
import { serviceAuth } from '../../../supabase/local/db/asRole'
import { clothingTagsMatrix } from './matrix/clothingTagsMatrix'
import { processingJobsMatrix, processingJobsServiceCases } from './matrix/processingJobsMatrix'
import { storageObjectsMatrix } from './matrix/storageObjectsMatrix'
import { wardrobeItemsMatrix } from './matrix/wardrobeItemsMatrix'
import { describeMatrices } from './support/describeMatrices'
import { expectOutcome } from './support/expectOutcome'
import { runCase } from './support/runCase'

const db = describeMatrices([
  wardrobeItemsMatrix,
  clothingTagsMatrix,
  processingJobsMatrix,
  storageObjectsMatrix,
])

describe('processing_jobs with the service role (the product API)', () => {
  it.each(processingJobsServiceCases.map((c) => [c.case, c] as const))('%s', async (_name, c) => {
    if (c.expect.kind === 'sees') throw new Error('service cases write')
    const outcome = await runCase(db(), {
      auth: serviceAuth,
      sql: c.sql,
      params: c.params,
      row: c.expect.row,
    })
    expectOutcome(outcome, c.expect)
  })
})
