// Seeds demo data the first time a database starts empty, so a new user sees a lively app.
import type { LocalStack } from '../../supabase/local/server'

export async function seedIfEmpty(stack: LocalStack): Promise<void> {
  const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from auth.users')
  if ((rows[0]?.n ?? 0) > 0) return
  const { seed } = await import('../../supabase/local/seed/seed')
  console.info('Empty database: seeding demo data...')
  await seed({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, anonKey: stack.anonKey })
}
