// The first script the page runs, small and loaded beside the app's own entry: while the app's code
// downloads and compiles, it starts fetching the first route's screen code and reading that screen's
// rows from this device's replica (with the photos they show), so none of it waits for React.
import { storedSessionUserId } from '@/auth/storedSession'
import { appConfig } from '@/auth/config'
import { startFirstScreenRead } from '@/data/early/firstScreen'
import { databaseNameFor } from '@/data/replicaName'
import { markBoot } from '@/lib/bootMarks'
import { loadScreensFor } from './screenChunks'

markBoot('boot')
void loadScreensFor(location.pathname)
startFirstScreenRead(location.pathname, databaseNameFor(storedSessionUserId()), appConfig.supabaseUrl)
