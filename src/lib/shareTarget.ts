// The Web Share Target's contract, shared by the manifest, the service worker and the page: a photo
// shared from the phone's gallery is POSTed to the action, kept by the service worker in its own
// cache under one key, and picked up by the /share screen (which sends it on to a wall's upload dialog).
export const SHARE_TARGET_ACTION = '/share-target'
export const SHARE_SCREEN = '/share'
/** The multipart field the manifest names for shared files. */
export const SHARE_FILES_FIELD = 'photos'
export const SHARED_PHOTO_CACHE = 'moori-shared-v1'
export const SHARED_PHOTO_KEY = '/shared-photo'
/** The original file name travels in a header, since a cached Response has no name of its own. */
export const SHARED_PHOTO_NAME_HEADER = 'x-moori-file-name'
/** More photos of one share (issue 25: several shared into the wardrobe) wait under these keys, after the
 * first at SHARED_PHOTO_KEY: `/shared-photo/1`, `/shared-photo/2`, ... */
export const sharedPhotoKey = (index: number): string => (index === 0 ? SHARED_PHOTO_KEY : `${SHARED_PHOTO_KEY}/${index}`)
/** At most this many photos of one share are kept. */
export const SHARED_PHOTOS_MAX = 50
/** How many photos the share brought, on the first photo's response. */
export const SHARED_PHOTO_COUNT_HEADER = 'x-moori-shared-count'
