// The upload dialog takes exactly one image (spec §5): the picked or dropped files are checked here
// before anything is read or stored. A PDF, or any other non-image, gets the spec's message.
import { messages } from './messages'
const TOO_MANY_FILES = 'Too many files'

export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/')
}

export function pickImage(files: ArrayLike<{ type: string }>): { ok: true; index: number } | { ok: false; message: string } {
  if (files.length === 0) return { ok: false, message: messages.onlyImages }
  if (files.length > 1) return { ok: false, message: TOO_MANY_FILES }
  return isImageFile(files[0]!) ? { ok: true, index: 0 } : { ok: false, message: messages.onlyImages }
}
