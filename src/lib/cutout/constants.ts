// The size of a wardrobe item's cut-out, the same whether the server or the device makes it.

/** The longer side of a cut-out, in pixels (the product API's default `max_size`). */
export const CUTOUT_MAX_SIZE = 800
