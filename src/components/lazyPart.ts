// A piece of UI the first paint does not need (a dialog, a flow, a tab that is not shown first), in its
// own chunk: React.lazy around a named export, and its code fetched ahead once the first screen has
// rendered and the main thread is idle, so a click never waits on the network (the service worker
// precaches the chunk, so it opens offline too). Render it only when it shows (or behind Suspense with
// a placeholder of its size), so loading it never moves the page.
import { lazy, type ComponentType } from 'react'
import { afterFirstScreen } from '@/lib/afterFirstScreen'

// The same bound as React.lazy's own (a component with any props), so the part keeps its props' type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPart<K extends string, C extends ComponentType<any>>(
  load: () => Promise<{ [key in NoInfer<K>]: C }>,
  name: K,
  options: { prefetch?: boolean } = {},
) {
  if (options.prefetch ?? true) {
    afterFirstScreen(() => {
      load().catch((error: unknown) => console.warn(`Could not fetch ${name} ahead of time`, error))
    })
  }
  return lazy(async () => ({ default: (await load())[name] }))
}
