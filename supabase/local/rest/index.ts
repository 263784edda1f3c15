// Scaffold: the rest service is being built; until then it answers 501 so nothing pretends to work.
import type { Hono } from 'hono'
import type { StackContext } from '../context'

export function mountRest(app: Hono, _ctx: StackContext): Promise<void> {
  app.all('/rest/v1/*', (c) => c.json({ message: 'Not implemented yet' }, 501))
  return Promise.resolve()
}
