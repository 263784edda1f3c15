import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const module = fileURLToPath(new URL('./lowerThreadPriority.ts', import.meta.url))

/** In a child process (the test's own threads stay as they are): lowers it, starts a libuv pool thread
 * afterwards, and reports every thread's nice value from /proc. */
const CHILD = `
import { readdirSync, readFileSync } from 'node:fs'
import { pbkdf2Sync, pbkdf2 } from 'node:crypto'
import { lowerThreadPriority } from ${JSON.stringify(module)}
const before = readdirSync('/proc/self/task').length
const lowered = lowerThreadPriority(10)
// Work on libuv's pool (its threads may start only now): they must be lowered too.
await new Promise((resolve) => pbkdf2('a', 'b', 1, 8, 'sha256', resolve))
const nices = readdirSync('/proc/self/task').map((tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]))
console.log(JSON.stringify({ before, lowered, nices }))
`

describe.runIf(process.platform === 'linux')('lowerThreadPriority', () => {
  it('lowers every thread of the process, those Node started before it and those started after', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD])
    const { before, lowered, nices } = JSON.parse(stdout) as { before: number; lowered: boolean; nices: number[] }
    expect(lowered).toBe(true)
    // Node starts several threads before any script runs (V8's helpers, at least): not only the main one.
    expect(before).toBeGreaterThan(1)
    expect(nices.length).toBeGreaterThanOrEqual(before)
    expect(nices.every((nice) => nice === 10)).toBe(true)
  })

  it('leaves the priority alone for 0', async () => {
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { lowerThreadPriority } from ${JSON.stringify(module)}; console.log(lowerThreadPriority(0))`,
    ])
    expect(stdout.trim()).toBe('false')
  })
})
