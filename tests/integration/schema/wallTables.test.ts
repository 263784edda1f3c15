// The RLS matrix for the social side: profiles, walls and what is pinned on them. Every case runs as an
// API role in a rolled-back transaction on one shared set of fixtures (see support/).
import { describeMatrices } from './support/describeMatrices'
import { profilesMatrix } from './matrix/profilesMatrix'
import { wallsMatrix } from './matrix/wallsMatrix'
import { polaroidsMatrix } from './matrix/polaroidsMatrix'
import { wallStickersMatrix } from './matrix/wallStickersMatrix'

describeMatrices([profilesMatrix, wallsMatrix, polaroidsMatrix, wallStickersMatrix])
