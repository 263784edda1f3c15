// The local stack as a process of its own, for the crash test to SIGKILL: configured from the
// environment (port, data directory), no app, no seed, and no signal handlers (a crash says no goodbye).
import { configFromEnv } from '../../../supabase/local/config'
import { startLocalStack } from '../../../supabase/local/server'

const stack = await startLocalStack(configFromEnv())
process.stdout.write(`ready ${stack.url}\n`)
