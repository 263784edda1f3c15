// Every matrix in one list, so the schema-shape test can demand one for each table and function that
// exists in the database: a new table or RPC without RLS cases fails the suite.
import { applyUndoMatrix } from '../matrix/applyUndoMatrix'
import { clothingTagsMatrix } from '../matrix/clothingTagsMatrix'
import { deleteOwnWallMatrix, deletePolaroidMatrix, deleteWallStickerMatrix } from '../matrix/deleteMatrices'
import { itemPricesMatrix } from '../matrix/itemPricesMatrix'
import { movePolaroidMatrix, moveWallStickerMatrix } from '../matrix/moveMatrices'
import { outfitPlansMatrix } from '../matrix/outfitPlansMatrix'
import { polaroidsMatrix } from '../matrix/polaroidsMatrix'
import { processingJobsMatrix } from '../matrix/processingJobsMatrix'
import { profilesMatrix } from '../matrix/profilesMatrix'
import { storageObjectsMatrix } from '../matrix/storageObjectsMatrix'
import { wallStickersMatrix } from '../matrix/wallStickersMatrix'
import { wallsMatrix } from '../matrix/wallsMatrix'
import { wardrobeItemsMatrix } from '../matrix/wardrobeItemsMatrix'
import { wearsMatrix } from '../matrix/wearsMatrix'
import type { Matrix } from './matrixTypes'

export const tableMatrices: readonly Matrix[] = [
  profilesMatrix,
  wallsMatrix,
  polaroidsMatrix,
  wallStickersMatrix,
  wardrobeItemsMatrix,
  clothingTagsMatrix,
  processingJobsMatrix,
  wearsMatrix,
  outfitPlansMatrix,
  itemPricesMatrix,
  storageObjectsMatrix,
]

export const functionMatrices: readonly Matrix[] = [
  movePolaroidMatrix,
  moveWallStickerMatrix,
  deletePolaroidMatrix,
  deleteWallStickerMatrix,
  deleteOwnWallMatrix,
  applyUndoMatrix,
]
