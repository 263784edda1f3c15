// The product's input rules (spec §5, §9); their messages, word for word, are in messages.ts. The
// database enforces the same limits; these give the user the message before anything is saved.
import { messages } from './messages'

export const limits = {
  wallName: 80,
  wallDescription: 250,
  displayName: 50,
  bio: 200,
  password: 6,
  polaroidName: 100,
  polaroidMessage: 500,
} as const


/** Wall names are saved trimmed; an error message or null. */
export function wallNameError(name: string): string | null {
  const trimmed = name.trim()
  if (trimmed.length === 0) return messages.nameRequired
  if (trimmed.length > limits.wallName) return messages.nameTooLong
  return null
}

export function wallDescriptionError(description: string): string | null {
  return description.length > limits.wallDescription ? messages.descriptionTooLong : null
}

/** Mirrors the database's username rule; also keeps names clear of the app's own routes. */
const reservedUsernames = new Set([
  'profile', 'wall', 'create-wall', 'create-preview', 'setup-profile', 'reset-password', 'create-password', 'api',
  'auth', 'inbox', 'rest', 'storage', 'realtime', 'assets', 'index.html', 'sw.js', 'manifest.webmanifest',
  'favicon.svg', 'robots.txt', 'icons', 'screenshots', 'share', 'share-target',
])

export function usernameError(username: string): string | null {
  const trimmed = username.trim()
  if (trimmed.length === 0) return messages.usernameRequired
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]{1,29}$/.test(trimmed)) return messages.usernameFormat
  if (reservedUsernames.has(trimmed.toLowerCase())) return messages.usernameTaken
  return null
}

export function displayNameError(displayName: string): string | null {
  return displayName.trim().length > limits.displayName ? messages.displayNameTooLong : null
}

export function bioError(bio: string): string | null {
  return bio.trim().length > limits.bio ? messages.bioTooLong : null
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Empty strings become absent (spec: "empty values are sent as absent"). */
export function trimmedOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? ''
  return trimmed.length > 0 ? trimmed : null
}
