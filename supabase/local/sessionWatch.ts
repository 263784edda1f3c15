// Tells the services that hold on to a token (the realtime server's channels) that sessions may have
// ended: a sign-out, a password change that ends the other sessions, a deleted account. Auth calls
// `ended()` after the change; listeners then look up which sessions are gone.
export interface SessionWatch {
  ended(): void
  /** Returns the function that stops listening. */
  onEnded(listener: () => void): () => void
}

export function createSessionWatch(): SessionWatch {
  const listeners = new Set<() => void>()
  return {
    ended() {
      for (const listener of listeners) listener()
    },
    onEnded(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
