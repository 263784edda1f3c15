// `npm test`: typecheck, lint, unused exports (knip), unit, integration, security, e2e and one seed of
// the chaos run, one after another. Every step runs even when an earlier one failed,
// so one run shows everything that is wrong; the exit code is non-zero if any step failed. The summary
// names every failed test, and its last line is the total across suites: `N passed, N failed`.
import { spawn } from 'node:child_process'
import { mkdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'

interface StepResult {
  name: string
  passed: number
  failed: number
  skipped: number
  seconds: number
  note?: string
  /** The failed tests by file and title, for the summary (CI shows only the end of the output). */
  failures?: string[]
}

const resultsDir = path.resolve('test-results')

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    child.on('error', () => resolve(127))
  })
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T
  } catch {
    return null
  }
}

/** Runs a command with its output held back, printed whole when it ends (under a heading naming the step). */
function runQuietly(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }))
    child.on('error', (error) => resolve({ code: 127, output: String(error) }))
  })
}

/** A step without test cases (typecheck, lint) counts as one check. Its output is printed when it ends. */
async function checkStep(name: string, command: string, args: string[]): Promise<StepResult> {
  const started = Date.now()
  const { code, output } = await runQuietly(command, args)
  console.log(`\n${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`)
  if (output.trim()) console.log(output.trimEnd())
  return {
    name,
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    seconds: (Date.now() - started) / 1000,
  }
}

interface VitestFile {
  name: string
  status: string
  message?: string
  assertionResults: Array<{ status: string; fullName: string }>
}

interface VitestJson {
  testResults: VitestFile[]
}

interface VitestProject {
  name: string
  /** Where its test files live, relative to the repository. */
  under: string[]
}

function fileFailures(file: VitestFile): string[] {
  const where = path.relative(process.cwd(), file.name)
  const tests = file.assertionResults
    .filter((a) => a.status === 'failed')
    .map((a) => `${where} › ${a.fullName}`)
  // A file that fails to load counts as a failure even though it ran no test.
  return tests.length > 0 || file.status !== 'failed'
    ? tests
    : [`${where} › ${file.message?.split('\n')[0] ?? 'did not load'}`]
}

/** One vitest project, run on its own (unit tests that wait on real time stay clear of the integration
 * suite's load), reported with the names of its failed tests. */
async function vitestStep(project: VitestProject): Promise<StepResult> {
  const started = Date.now()
  const output = path.join(resultsDir, `${project.name}.json`)
  const code = await run('npx', [
    'vitest',
    'run',
    '--project',
    project.name,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ])
  const json = await readJson<VitestJson>(output)
  const seconds = (Date.now() - started) / 1000
  if (!json)
    return { name: project.name, passed: 0, failed: 1, skipped: 0, seconds, note: `exit ${code}, no report` }
  const files = json.testResults.filter((f) =>
    project.under.some((dir) => path.relative(process.cwd(), f.name).startsWith(`${dir}/`)),
  )
  const count = (status: string) =>
    files.reduce((n, f) => n + f.assertionResults.filter((a) => a.status === status).length, 0)
  const failures = files.flatMap(fileFailures)
  // vitest failed without naming a test (an unhandled error between tests): the step still fails.
  const failed = failures.length > 0 ? failures.length : code !== 0 ? 1 : 0
  return {
    name: project.name,
    passed: count('passed'),
    failed,
    skipped: count('skipped') + count('pending') + count('todo'),
    seconds,
    failures,
  }
}

interface PlaywrightSuite {
  title: string
  file?: string
  specs?: Array<{ title: string; line: number; file: string; tests: Array<{ status: string }> }>
  suites?: PlaywrightSuite[]
}

interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  errors?: unknown[]
  suites?: PlaywrightSuite[]
}

function playwrightFailures(suites: PlaywrightSuite[] = [], titles: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const trail = !suite.title || suite.file === suite.title ? titles : [...titles, suite.title]
    const own = (suite.specs ?? [])
      .filter((spec) => spec.tests.some((t) => t.status === 'unexpected'))
      .map((spec) => `${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}`)
    return [...own, ...playwrightFailures(suite.suites, trail)]
  })
}

async function playwrightStep(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<StepResult> {
  const started = Date.now()
  const output = path.join(resultsDir, `${name}.json`)
  const code = await run('npx', ['playwright', 'test', ...args, '--reporter=list,json'], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  })
  const json = await readJson<PlaywrightJson>(output)
  const seconds = (Date.now() - started) / 1000
  if (!json) return { name, passed: 0, failed: 1, skipped: 0, seconds, note: `exit ${code}, no report` }
  const { expected, unexpected, flaky, skipped } = json.stats
  const setupFailed = code !== 0 && unexpected === 0 ? 1 : 0
  return {
    name,
    passed: expected + flaky,
    failed: unexpected + setupFailed,
    skipped,
    seconds,
    failures: playwrightFailures(json.suites),
  }
}

await rm(resultsDir, { recursive: true, force: true })
await mkdir(resultsDir, { recursive: true })

const steps: StepResult[] = []
// One after another: side by side on two cores they took longer than in a row (89 s against 79 s).
steps.push(await checkStep('typecheck', 'npm', ['run', '--silent', 'typecheck']))
steps.push(await checkStep('lint', 'npm', ['run', '--silent', 'lint']))
steps.push(await checkStep('unused exports', 'npm', ['run', '--silent', 'unused']))
for (const project of [
  { name: 'unit', under: ['src', 'workers', 'supabase'] },
  { name: 'integration', under: ['tests/integration'] },
  { name: 'security', under: ['tests/security'] },
]) {
  steps.push(await vitestStep(project))
}
// Without traces: recording them cost about a third of the e2e time, and CI keeps only this log.
const noTraces = { MOORI_E2E_TRACE: 'off' }
// Specs that use only their own users and walls run two at a time; the rest (the wardrobe's model work,
// the update that rebuilds the served app) one at a time after them, on the app the first step built
// (playwright.config.ts names the two groups).
steps.push(await playwrightStep('e2e', ['--project=shared', '--workers', '2'], noTraces))
steps.push(
  await playwrightStep('e2e-alone', ['--project=alone', '--grep-invert', '@chaos'], {
    ...noTraces,
    MOORI_E2E_SKIP_BUILD: '1',
  }),
)
// The chaos run on the app the e2e step just built: one seed of 60 actions, about three minutes
// (`npm run chaos` runs its regression seeds and more, 200 actions each).
steps.push(
  await playwrightStep('chaos', ['--project=alone', 'tests/e2e/chaos'], {
    ...noTraces,
    MOORI_E2E_SKIP_BUILD: '1',
    MOORI_CHAOS_SEEDS: '1',
    MOORI_CHAOS_ACTIONS: '60',
  }),
)

console.log('\nSummary')
for (const s of steps) {
  const skipped = s.skipped ? `, ${s.skipped} skipped` : ''
  const note = s.note ? ` (${s.note})` : ''
  console.log(
    `  ${s.name.padEnd(12)} ${s.passed} passed, ${s.failed} failed${skipped}  ${s.seconds.toFixed(1)} s${note}`,
  )
}
const failures = steps.flatMap((s) => (s.failures ?? []).map((f) => `  ${s.name}: ${f}`))
if (failures.length > 0) console.log(`Failed\n${failures.join('\n')}`)
const passed = steps.reduce((n, s) => n + s.passed, 0)
const failed = steps.reduce((n, s) => n + s.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
