// Screens load on demand, each in its own chunk, so the home route downloads only what it needs.
import { lazy, type ComponentType } from 'react'

export function lazyScreen<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }))
}
