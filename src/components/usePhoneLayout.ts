// Whether the screen is phone-sized: up to 640 px wide (portrait) or up to 500 px tall (landscape). On
// it the wall's controls take their phone layout, dialogs become bottom sheets and the sync chip
// shortens. CSS modules repeat the same media query (search for PHONE_LAYOUT_QUERY).
import { useCallback, useSyncExternalStore } from 'react'

const PHONE_LAYOUT_QUERY = '(max-width: 640px), (max-height: 500px)'

// One MediaQueryList per query for the page's life: React reads the answer on every render and after
// every commit of each component that asks (a dozen on a wall), and `matchMedia()` parses the query
// each time it is called.
const lists = new Map<string, MediaQueryList>()

function listFor(query: string): MediaQueryList {
  let list = lists.get(query)
  if (!list) {
    list = window.matchMedia(query)
    lists.set(query, list)
  }
  return list
}

/** A media query's answer, read during render (no flash of the other layout) and kept current. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listFor(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => listFor(query).matches,
    () => false,
  )
}

export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_LAYOUT_QUERY)
}
