// `npm run seed`: adds the demo users, walls and wardrobes to the running local stack (`npm start`).
import { configFromEnv } from '../supabase/local/config'
import { makeApiKeys } from '../supabase/local/keys'
import { seed } from '../supabase/local/seed/seed'

const config = configFromEnv()
const keys = await makeApiKeys(config.jwtSecret)
const url = process.env.MOORI_STACK_URL ?? `http://127.0.0.1:${config.port}`
try {
  const summary = await seed({ url, anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey })
  console.info(
    `Seeded ${summary.users} users, ${summary.walls} walls, ${summary.polaroids} polaroids, ` +
      `${summary.stickers} stickers and ${summary.items} wardrobe items.`,
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  console.error(`Is the local stack running at ${url}? Start it with \`npm start\`.`)
  process.exit(1)
}
