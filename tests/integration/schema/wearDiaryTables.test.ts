// The RLS matrix for the wear diary (issue 41): wears, outfit plans and item prices, private to their
// owner whatever the item's visibility.
import { itemPricesMatrix } from './matrix/itemPricesMatrix'
import { outfitPlansMatrix } from './matrix/outfitPlansMatrix'
import { wearsMatrix } from './matrix/wearsMatrix'
import { describeMatrices } from './support/describeMatrices'

describeMatrices([wearsMatrix, outfitPlansMatrix, itemPricesMatrix])
