// Screens load on demand, each in its own chunk, so the home route downloads only what it needs.
// A screen whose code has already arrived renders straight away: the entry loads the first route's
// screen before React renders, because a Suspense fallback, once shown, holds back the content that
// replaces it (React throttles those reveals by ~300 ms) and a cold open would wait for nothing.
import { createElement, lazy, type ComponentType } from 'react'

export interface LazyScreen<P extends object> {
  (props: P): ReturnType<typeof createElement>
  /** Fetches the screen's code; resolves once it can render without suspending. */
  preload(): Promise<unknown>
}

export function lazyScreen<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        loading = null // a later attempt may succeed (back online)
        throw error
      },
    ))
  const Suspending = lazy(async () => ({ default: await preload() }))
  const Screen = (props: P) => createElement(loaded ?? Suspending, props)
  Screen.preload = preload
  return Screen
}
