// What the page and the service worker say to each other about an update, in one place (the worker
// imports it too).

/** To the waiting version, once the user accepted it and pending changes were pushed: take over. Answered
 * on the message's port as soon as it arrives. */
export const SKIP_WAITING = 'SKIP_WAITING'
/** To the version the page is leaving, at the same moment: end the requests it is answering, which
 * hold the new one from activating. Answered on the message's port with the `FetchInFlight`s it ended. */
export const END_FETCHES = 'END_FETCHES'
/** To any version: which fetch events it is answering (answered like END_FETCHES), for a failing test. */
export const FETCHES_IN_FLIGHT = 'FETCHES_IN_FLIGHT'

/** One fetch event a worker is still answering. */
export interface FetchInFlight {
  url: string
  method: string
  destination: string
  /** How long it has been open. */
  ms: number
}
