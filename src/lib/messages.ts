// Every text the data layer and the screens show a user about what they did: the spec's input rules,
// the refusals of a change on the device, and the messages of a change the server refused (`{message}`
// is replaced by the server's words). One place, so one wording; tests read the same constants.
export const messages = {
  nameTooLong: 'Name is too long',
  nameRequired: 'Name is required',
  descriptionTooLong: 'Description is too long',
  messageRequired: 'Message is required',
  imageRequired: 'Image is required',
  noImage: 'No image provided',
  invalidImageUrl: 'Invalid image URL',
  onlyImages: 'Only image files are supported.',
  usernameRequired: 'Username is required',
  usernameTaken: 'Username is already taken',
  usernameFormat: 'Usernames use 2–30 letters, numbers, dots, dashes or underscores.',
  displayNameTooLong: 'Display name is too long',
  bioTooLong: 'Bio is too long',
  passwordTooShort: 'Password must be at least 6 characters',
  signInToCreateWalls: 'User must be authenticated to create walls',
  signInToDeleteWalls: 'User must be authenticated to delete walls',
  signInToCreatePolaroids: 'User must be authenticated to create polaroids',
  signInToCreateStickers: 'User must be authenticated to create stickers',
  signInToCreateProfile: 'User must be authenticated to create a profile',
  signInToMove: 'You must be signed in to move items.',
  ownProfileOnly: 'User can only update their own profile',
  deleteOwnPolaroidsOnly: 'You can only delete your own polaroids or polaroids from walls you own',
  deleteOwnStickersOnly: 'You can only delete your own stickers or stickers from walls you own',
  ownerEditsOnly: "Only the owner of this Moori can edit a polaroid's name and message.",
  wardrobeNeedsSignIn: 'User must be authenticated',
  messageTooLong: 'Message is too long',

  // A change the device refuses before anything is saved.
  itemGone: 'This item no longer exists.',
  wallGone: 'This Moori no longer exists.',
  wallOwnerOnly: 'Only the owner can change this Moori.',
  moveOwnOnly: 'You can only move your own items or items on Mooris you own.',
  ownItemsOnly: 'You can only change your own items.',
  profileExists: 'You already have a profile.',
  userNotFound: 'User not found',
  onlyOutfitsAnalysed: 'Only outfit photos are analysed.',
  alreadyProcessing: 'This photo is being processed already.',

  // A change the server refused (the failed-mutations list, and a toast).
  createPolaroidFailed: 'Failed to create polaroid: {message}',
  savePolaroidFailed: 'Failed to save changes. Please try again.',
  moveFailed: 'Could not save new position.',
  deleteImageFailed: 'Failed to delete image. Please try again.',
  deleteStickerFailed: 'Failed to delete sticker. Please try again.',
  uploadImageFailed: 'Failed to upload image. Please try again.',
  addStickerFailed: 'Failed to add wardrobe items to wall',
  createWallFailed: 'Failed to create Moori. Please try again.',
  renameWallFailed: 'Failed to update name.',
  describeWallFailed: 'Failed to update description.',
  privacyFailed: 'Failed to update privacy',
  deleteWallFailed: 'Failed to delete Moori. Please try again.',
  createProfileFailed: 'Failed to create profile',
  updateProfileFailed: 'Failed to update profile',
  avatarFailed: 'Failed to upload avatar',
  updateItemFailed: 'Failed to update item',
  deleteItemFailed: 'Failed to delete item',
  startOutfitFailed: 'Failed to start OOTD processing',
  importItemFailed: 'Failed to add the item to your wardrobe.',
  importTagFailed: 'Failed to add the tag.',

  // A product API call that never reached the server.
  needsConnection: 'This needs an internet connection. Try again when you are online.',

  // Where an outfit photo's analysis stands (the processing dialog and the item's card: `jobView`).
  jobStarting: 'Starting processing...',
  jobProcessing: 'Processing your product...',
  jobCompleted: 'Processing completed!',
  jobFailed: 'Processing failed',
  jobWaiting: 'Waiting for connection',
  jobUploading: 'Uploading your photo...',
  jobWaitingToStart: 'Your photo is saved on this device. Processing starts when you are back online.',
  jobWaitingStarted: 'Processing goes on without this device. Progress shows again when you are back online.',

  // Many outfit photos at once (issue 25): the picker, the batch list and the header pill.
  batchPicked: '{count} photos chosen',
  batchDropPrompt: 'Drop outfit photos here',
  batchChoose: 'Choose photos',
  batchChooseOthers: 'Choose others',
  batchUpload: 'Upload {count} photos',
  batchSkippedNonImages: '{count} of the chosen files were not images and were left out.',
  batchTooMany: 'At most {limit} photos at once. The first {limit} were kept.',
  batchTitle: 'Your photos',
  batchDone: '{done} of {total} done',
  batchPreparing: 'Preparing photo...',
  batchPrepareFailed: 'This photo could not be read or kept on this device.',
  batchRetry: 'Retry',
  batchRemove: 'Remove',
  batchDeviceFull: 'Your device is out of storage space for these photos. Free up some space or choose fewer photos, then try again.',
  batchListLabel: 'Photos in this upload',
  batchContinue: 'Continue Using App',
  batchViewProducts: 'View Products',
  sharedMorePhotos: 'and {count} more (all go to your wardrobe)',

  // The To review inbox and its bulk edits (issue 25).
  tagValueRequired: 'Choose or type a value for the tag.',
  tagValueTooLong: 'Tags can be at most 100 characters.',
  // `{items}` is '1 item' or 'N items' (itemCount).
  reviewTab: 'To review',
  reviewEmptyTitle: 'Nothing to review',
  reviewEmptyText: 'New items from your outfit photos land here with their AI tags, so you can check them in a few taps.',
  reviewSelectAll: 'Select all {count}',
  reviewHint: 'Click to select, Shift+click for a range. On a phone, press and hold.',
  reviewOneByOne: 'Review one by one',
  reviewAllDone: 'All reviewed',
  reviewOutcome: '{verified} verified, {skipped} skipped.',
  bulkSelected: '{count} selected',
  bulkTagTitle: 'Tag {items}',
  bulkVerified: 'Verified the tags of {items}.',
  bulkTagged: 'Tagged {items}: {value}.',
  bulkMadePublic: 'Made {items} public.',
  bulkMadePrivate: 'Made {items} private.',
  bulkDeleted: 'Deleted {items}.',

  importTooLarge: 'This file is too large to import: a Moori export can unpack to at most {limit}.',
  importTooManyFiles: 'This file holds too many files to import: a Moori export has at most {limit}.',
  importFileTooLarge: 'This file holds {name}, which is too large to import (at most {limit} per file).',

  undoFailed: 'Could not undo: {message}',
  redoFailed: 'Could not redo: {message}',

  // Undo and redo (issue 24): `{title}` is the card's name, `{what}` a step's description.
  undoLabel: 'Undo {what}',
  redoLabel: 'Redo {what}',
  nothingToUndo: 'Nothing to undo',
  nothingToRedo: 'Nothing to redo',
  stepMove: "move of '{title}'",
  stepAdd: "adding '{title}'",
  stepDelete: "deleting '{title}'",
  stepEdit: "edit of '{title}'",
  stepRename: 'renaming the Moori',
  stepDescribe: "the Moori's description",
  stepPrivacy: "the Moori's privacy",
  skippedMoved: "Someone else has moved '{title}' since, so that step was skipped.",
  skippedEdited: "Someone else has edited '{title}' since, so that step was skipped.",
  skippedDeleted: "Someone else has deleted '{title}' since, so that step was skipped.",
  skippedRestored: "'{title}' is already back on the Moori, so that step was skipped.",
  itemDeleted: "'{title}' deleted.",
  undoButton: 'Undo',

  // The cut-out editor (issue 26, "Fix it by hand"). The spec has no wording for it.
  fixCutout: 'Fix cut-out',
  cutOutOnDevice: 'Cut out on this device',
  cutoutEditorTitle: 'Fix the cut-out',
  cutoutPreparing: 'Preparing the cut-out…',
  cutoutKeep: 'Keep',
  cutoutRemove: 'Remove',
  cutoutBrush: 'Brush',
  cutoutBrushSize: 'Brush size',
  cutoutBefore: 'Before',
  cutoutUndo: 'Undo',
  cutoutRedo: 'Redo',
  cutoutReset: 'Reset',
  cutoutZoomIn: 'Zoom in',
  cutoutZoomOut: 'Zoom out',
  cutoutHint: 'Paint over what to keep or remove; the cut-out follows the garment’s edges.',
  cutoutCanvasLabel: 'Cut-out of {name}, {changes}',
  cutoutUpdated: 'Cut-out updated',
  cutoutSaved: 'Cut-out saved',
  cutoutSaveFailed: 'The cut-out could not be saved. Please try again.',
  cutoutPhotoMissing: 'This photo is not on this device yet; connect once to fix its cut-out offline.',
  cutoutRuntimeOffline: 'The cut-out editor needs one online visit first. Connect and try again.',
  cutoutRuntimeFailed: 'The cut-out editor could not start on this device.',
  cutoutPreviewFailed: 'The cut-out could not be updated.',
  cutoutDiscardTitle: 'Discard changes?',
  cutoutDiscardMessage: 'Discard your changes to this cut-out?',
  cutoutDiscard: 'Discard',
  cutoutKeepEditing: 'Keep editing',

  // A part of the app that did not start (the failed state a screen shows with Try Again).
  presenceFailed: 'Could not see who else is here.',
  tryAgain: 'Try Again',
  tryingAgain: 'Trying...',
  wallsFailed: 'Failed to load walls. Please refresh the page.',

  // A screen whose code could not be had (offline before the service worker holds the app), and an
  // address that is no screen. The spec has no wording for either.
  screenOfflineTitle: 'You are offline',
  screenOfflineText: 'This page is not on this device yet. It opens as soon as you are back online.',
  screenFailedTitle: 'This page could not be shown',
  screenFailedText: 'Check your connection and try again.',
  pageNotFoundTitle: 'Page not found',
  pageNotFoundText: 'There is nothing at this address.',
  goHome: 'Go Home',

  // Wardrobe import offline (issue 26): an item whose photo never reached this device cannot be stuck.
  photoNotOnDevice: 'This photo is not on this device yet; connect once to use it offline.',
  photoNotOnDeviceFor: 'Could not add {item}: its photo is not on this device yet. Connect once to use it offline.',
} as const

/** '1 item', '5 items': the `{items}` of the inbox's messages. */
export function itemCount(count: number): string {
  return `${count} item${count === 1 ? '' : 's'}`
}

/** A message with its `{placeholders}` filled in. */
export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)
}
