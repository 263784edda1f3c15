// Names shared by the service worker and the page: the page trims the image cache when the device
// runs out of space.
export const IMAGE_CACHE = 'moori-images-v1'
