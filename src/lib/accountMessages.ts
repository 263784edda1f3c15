// What the app says about the account while it cannot finish loading, kept apart from the components
// so the end-to-end tests can read the same text.
export const ACCOUNT_WAITING_FOR_NETWORK =
  "You're offline, so your account has not finished loading on this device. It will as soon as you're back online."
