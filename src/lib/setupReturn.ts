// Where the route guard sent someone to /setup-profile from, kept in the history entry's state (so it
// survives a reload there): once a profile turns up, or is made, they go back to that page, not home.

export interface SetupReturn {
  returnTo?: string
}

/** The remembered page, if it is a path of this app; otherwise home. */
export function returnPathOf(state: unknown): string {
  const returnTo = (state as SetupReturn | null)?.returnTo
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/'
}
