// Whether the screen is phone-sized: up to 640 px wide (portrait) or up to 500 px tall (landscape). On
// it the wall's controls take their phone layout, dialogs become bottom sheets and the sync chip
// shortens. CSS modules repeat the same media query (search for PHONE_LAYOUT_QUERY).
import { useCallback, useSyncExternalStore } from 'react'

export const PHONE_LAYOUT_QUERY = '(max-width: 640px), (max-height: 500px)'

/** A media query's answer, read during render (no flash of the other layout) and kept current. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}

export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_LAYOUT_QUERY)
}
