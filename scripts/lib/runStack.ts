// Starts the local stack for a script, closes it cleanly on Ctrl-C / SIGTERM (PGlite flushed and
// closed, nothing lost), and prints where everything is.
import { startLocalStack, type LocalStack } from '../../supabase/local/server'
import type { StackConfig } from '../../supabase/local/config'
import { formatWarnings } from '../../supabase/local/startupSecurity'

export async function runStack(config: StackConfig, onClose?: () => Promise<void>): Promise<LocalStack> {
  const stack = await startLocalStack(config)
  if (stack.warnings.length > 0) console.warn(`\n${formatWarnings(stack.warnings)}\n`)
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    console.info(`\n${signal}: stopping the local stack...`)
    void (async () => {
      await onClose?.()
      await stack.close()
      console.info('Stopped. Data is kept in', config.dataDir ?? '(memory)')
      process.exit(0)
    })()
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  return stack
}

export function printStack(stack: LocalStack, appUrl: string): void {
  const base = stack.url.replace('127.0.0.1', 'localhost')
  console.info(`
  Moori is running.

  App            ${appUrl}
  Mail inbox     ${base}/inbox
  Supabase URL   ${base}
  Anon key       ${stack.anonKey}
  Service key    ${stack.serviceRoleKey}

  (Local development keys: accepted by this local stack only.) Press Ctrl-C to stop.
`)
}
