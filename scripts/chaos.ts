// `npm run chaos`: the browser chaos run (tests/e2e/chaos) over its regression seeds and seeds 1..3, or
// the seeds in MOORI_CHAOS_SEEDS (a count, or a comma-separated list). `npm test` runs seed 1 alone,
// with fewer actions.
import { spawn } from 'node:child_process'

const env = { ...process.env, MOORI_CHAOS_SEEDS: process.env.MOORI_CHAOS_SEEDS ?? '3' }
const child = spawn('npx', ['playwright', 'test', 'tests/e2e/chaos', '--reporter=list', ...process.argv.slice(2)], { stdio: 'inherit', env })
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
