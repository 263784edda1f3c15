// How the local stack runs the product API in its own process: which Storage URLs count as this project's
// (the stack is reached as 127.0.0.1 and as localhost, and the app's site URL may differ), and a job-runner
// instance id that stays the same across restarts on one data directory, so a job the stack was running
// when it stopped is resumed as soon as it starts again.
import { createHash, randomUUID } from 'node:crypto'

export function localStorageOrigins(publicUrl: string, siteUrl: string): string[] {
  const origins = new Set<string>([publicUrl, siteUrl])
  const url = new URL(publicUrl)
  for (const host of ['localhost', '127.0.0.1']) origins.add(`${url.protocol}//${host}:${url.port}`)
  return [...origins].map((o) => new URL(o).origin)
}

export function localApiInstanceId(dataDir: string | undefined): string {
  if (!dataDir) return `local-${randomUUID()}`
  return `local-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`
}
