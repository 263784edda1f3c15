// How much of the canvas each kind of card covers, in world pixels: the cards' own layout and anything
// that decides which cards are on screen (the canvas, the first-screen read) use these same numbers.
export const POLAROID_FOOTPRINT = { width: 220, height: 292 } as const
export const STICKER_FOOTPRINT = { size: 160 } as const

/** The photo box of a polaroid card (220 px wide, 12 px of frame each side). */
const POLAROID_PHOTO_WIDTH = 196

/** Zoom rounded up to a quarter step (at least 0.25): the photos' `sizes` change a few times a visit at most. */
export const quarterUp = (zoom: number): number => Math.max(0.25, Math.ceil(zoom * 4) / 4)

/** The `sizes` of a polaroid card's photo at zoom `scale` (the canvas keeps the largest it has shown;
 * a freshly opened wall, and the boot script's preload for it, start from the camera's first zoom). */
export const polaroidPhotoSizes = (scale: number): string => `${Math.round(POLAROID_PHOTO_WIDTH * quarterUp(scale))}px`
