// `npm run db:reset`: deletes the local database and stored files (.data/). The next `npm start`
// recreates the schema from the migrations and seeds demo data again.
import { rm } from 'node:fs/promises'
import { configFromEnv } from '../supabase/local/config'

const { dataDir } = configFromEnv()
if (!dataDir) throw new Error('No data directory configured')
await rm(dataDir, { recursive: true, force: true })
console.info(`Removed ${dataDir}`)
