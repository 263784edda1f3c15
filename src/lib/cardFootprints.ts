// How much of the canvas each kind of card covers, in world pixels: the cards' own layout and anything
// that decides which cards are on screen (the canvas, the first-screen read) use these same numbers.
export const POLAROID_FOOTPRINT = { width: 220, height: 292 } as const
export const STICKER_FOOTPRINT = { size: 160 } as const
