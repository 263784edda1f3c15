// `npm run bench [-- name ...]`: runs every tests/bench/*.bench.ts (or the named ones) in one process,
// prints each table, and writes all figures to bench-results/latest.json.
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Bench, BenchTable } from './types'

const here = path.dirname(fileURLToPath(import.meta.url))

function printTable(table: BenchTable): void {
  console.log(`\n## ${table.title}`)
  if (table.rows.length > 0) {
    const columns = [...new Set(table.rows.flatMap((r) => Object.keys(r)))]
    const widths = columns.map((c) => Math.max(c.length, ...table.rows.map((r) => String(r[c] ?? '').length)))
    const line = (cells: string[]) => '| ' + cells.map((s, i) => s.padEnd(widths[i]!)).join(' | ') + ' |'
    console.log(line(columns))
    console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|')
    for (const row of table.rows) console.log(line(columns.map((c) => String(row[c] ?? ''))))
  }
  for (const note of table.notes ?? []) console.log(`- ${note}`)
}

const wanted = process.argv.slice(2)
const files = (await readdir(here)).filter((f) => f.endsWith('.bench.ts')).sort()
const results: Record<string, BenchTable[]> = {}
for (const file of files) {
  const { bench } = (await import(pathToFileURL(path.join(here, file)).href)) as { bench: Bench }
  if (wanted.length > 0 && !wanted.includes(bench.name)) continue
  console.log(`\n# ${bench.name} (${file})`)
  const tables = await bench.run()
  tables.forEach(printTable)
  results[bench.name] = tables
}
await mkdir('bench-results', { recursive: true })
await writeFile('bench-results/latest.json', JSON.stringify({ at: new Date().toISOString(), results }, null, 2))
console.log('\nSaved bench-results/latest.json')
process.exit(0)
