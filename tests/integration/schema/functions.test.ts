// The call matrix for the item and wall functions (RPCs): who may move and delete what, and the exact
// message each refusal carries, on the same rolled-back fixtures as the table matrices.
import { deleteOwnWallMatrix, deletePolaroidMatrix, deleteWallStickerMatrix } from './matrix/deleteMatrices'
import { movePolaroidMatrix, moveWallStickerMatrix } from './matrix/moveMatrices'
import { describeMatrices } from './support/describeMatrices'
import { applyUndoMatrix } from './matrix/applyUndoMatrix'

describeMatrices([
  movePolaroidMatrix,
  moveWallStickerMatrix,
  deletePolaroidMatrix,
  deleteWallStickerMatrix,
  deleteOwnWallMatrix,
  applyUndoMatrix,
])
