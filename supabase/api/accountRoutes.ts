// DELETE /account: deletes the caller's account for real (spec README: the user who presses 'Yes,
// Delete' expects it). Their stored files go first (list and remove in every bucket), then the auth
// user; the profile and every product row go with it through the schema's cascades. 204 when done.
import type { Hono } from 'hono'
import type { AdminClient } from './supabaseAdmin'
import { removeUserFiles } from './removeUserFiles'
import type { ApiEnv } from './requireUser'

export function mountAccountRoutes(app: Hono<ApiEnv>, admin: () => AdminClient): void {
  app.delete('/account', async (c) => {
    const user = c.get('user')
    try {
      await removeUserFiles(admin(), user.id)
      const { error } = await admin().auth.admin.deleteUser(user.id)
      if (error) throw new Error(error.message)
      return c.body(null, 204)
    } catch (error) {
      console.error('DELETE /api/account failed:', error)
      return c.json({ error: 'Failed to delete account. Please try again.' }, 500)
    }
  })
}
