// Which IndexedDB database holds whose replica, without loading Dexie (the first-screen read needs it).
export const GUEST_DATABASE = 'moori-guest'

export function databaseNameFor(userId: string | null): string {
  return userId ? `moori-${userId}` : GUEST_DATABASE
}
