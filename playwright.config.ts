// End-to-end tests in Debian's Chromium against the built app served by a fresh local stack
// (scripts/serve-e2e.ts). Playwright's own browser download does not work offline, so we point it at
// a system Chromium and say how to get one when it is missing.
import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

export const E2E_PORT = Number(process.env.MOORI_E2E_PORT ?? 54329)
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

if (!existsSync(chromiumPath)) {
  throw new Error(
    `No Chromium found at ${chromiumPath}.\n` +
      '  On Debian/Ubuntu: sudo apt-get install chromium   (then run the tests again)\n' +
      '  Elsewhere: npx playwright install chromium, then set CHROMIUM_PATH to the installed executable.',
  )
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  // One at a time: on two cores a second worker made every test twice as slow (screens-ii and security:
  // 244 s with one worker, 249 s with two), and tests that wait on time then wait on each other.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${E2E_PORT}`,
    // A trace (DOM snapshots and a screencast of every action) cost about a third of the suite's time on
    // two cores. `npm test` turns it off (its log names every failure); a spec run on its own keeps one.
    trace: process.env.MOORI_E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    // Installing the service worker precaches the whole app (about 130 files) in every new context, a
    // third of a screen test's time on two cores. Specs about offline use or caching opt in with
    // test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx scripts/serve-e2e.ts',
    url: `http://localhost:${E2E_PORT}/auth/v1/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { MOORI_E2E_PORT: String(E2E_PORT), MOORI_E2E_OUT_DIR: process.env.MOORI_E2E_OUT_DIR ?? 'dist' },
  },
})
