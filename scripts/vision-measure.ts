// Measures the vision layer on this machine and prints a report (a measurement, not a test: nothing here
// passes or fails). Run: npx tsx scripts/vision-measure.ts [--runs 7]
//   - warm background removal of an 800 px photo through the worker pool (median of the runs),
//   - outfit analysis of a 12-megapixel JPEG through the pool, with the engine's per-step timings,
//   - mask IoU on the composite set, plain bilinear upsampling vs the guided refinement (in-process),
//   - the event loop's worst delay while the pool works, and the process's memory.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { maskIoU, largeOutfitPhoto, wardrobeComposites } from '../tests/support/wardrobePhotos'
import { createVisionEngine } from '../supabase/api/vision/visionEngine'
import { createVisionPool, visionPoolSize } from '../supabase/api/vision/visionPool'
import { DEFAULT_REFINEMENT, type RefineOptions } from '../src/lib/cutout/refineMask'

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 7
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length
const ms = (v: number) => `${Math.round(v)} ms`

async function timed<T>(work: () => Promise<T>): Promise<[T, number, number]> {
  const start = performance.now()
  const cpu = process.cpuUsage()
  const value = await work()
  const used = process.cpuUsage(cpu)
  // CPU time of every thread of the process (main, worker, ORT's pool): stable when the machine is shared.
  return [value, performance.now() - start, (used.user + used.system) / 1000]
}

const baseline = process.memoryUsage().rss
const size = visionPoolSize()
console.info(
  `Vision measurement: ${size.workers} worker(s) × ${size.threads} ORT thread(s), queue ${size.queueLimit}; ${runs} runs`,
)
console.info(`RSS before the pool: ${mb(baseline)}`)

const composites = await wardrobeComposites()
const square = composites.find((p) => p.width === 800 && p.height === 800)!
const large = await largeOutfitPhoto()
const pool = createVisionPool()
const [, warmUpMs] = await timed(() => pool.warmUp())
console.info(
  `Pool warm-up (start worker, load u2netp + MoveNet, one run each): ${ms(warmUpMs)}; RSS ${mb(process.memoryUsage().rss)}`,
)

// The event loop's delay with the pool idle first (what the machine itself costs), then while it works.
const idleLag = monitorEventLoopDelay({ resolution: 5 })
idleLag.enable()
await new Promise((resolve) => setTimeout(resolve, 5000))
idleLag.disable()
const lag = monitorEventLoopDelay({ resolution: 5 })
lag.enable()
const removal: number[] = []
const removalCpu: number[] = []
for (let i = 0; i < runs; i++) {
  const [, wall, cpu] = await timed(() => pool.removeBackground(square.jpeg, { maxSize: 800 }))
  removal.push(wall)
  removalCpu.push(cpu)
}
console.info(
  `removeBackground ${square.name}, warm: median ${ms(median(removal))} (min ${ms(Math.min(...removal))}, max ${ms(Math.max(...removal))}); CPU ${ms(median(removalCpu))} per call`,
)

const analyses: { wall: number; cpu: number; timings: Record<string, number>; garments: string }[] = []
for (let i = 0; i < runs; i++) {
  const [result, wall, cpu] = await timed(() => pool.analyseOutfit(large.jpeg))
  analyses.push({
    wall,
    cpu,
    timings: result.timings,
    garments: result.garments.map((g) => g.description).join(', '),
  })
}
lag.disable()
const steps = Object.keys(analyses[0]!.timings)
console.info(
  `analyseOutfit 12 MP (${large.source}, ${mb(large.jpeg.byteLength)}): median ${ms(median(analyses.map((a) => a.wall)))} wall through the pool (min ${ms(Math.min(...analyses.map((a) => a.wall)))}); CPU ${ms(median(analyses.map((a) => a.cpu)))} per call`,
)
console.info(
  `  steps (median; segment and pose run concurrently): ${steps.map((s) => `${s} ${ms(median(analyses.map((a) => a.timings[s]!)))}`).join(', ')}`,
)
console.info(`  garments: ${analyses[0]!.garments}`)
console.info(
  `Event loop delay: idle pool worst ${ms(idleLag.max / 1e6)} (mean ${ms(idleLag.mean / 1e6)}); working pool worst ${ms(lag.max / 1e6)} (mean ${ms(lag.mean / 1e6)})`,
)
console.info(
  `RSS with the pool warm and used (main + worker threads, one process): ${mb(process.memoryUsage().rss)}; peak ${mb(process.resourceUsage().maxRSS * 1024)}`,
)
await pool.close()

// Mask quality, in-process so both refinements see the same model output.
const bilinear: RefineOptions = { method: 'bilinear', radius: 0, epsilon: 0, grid: 'model', gain: 1 }
const variants: [string, RefineOptions][] = [
  ['bilinear', bilinear],
  ['guided', DEFAULT_REFINEMENT],
]
const engines = variants.map(([name, refinement]) => ({
  name,
  engine: createVisionEngine({ threads: size.threads, refinement }),
}))
const scores: Record<string, { name: string; iou: number }[]> = { bilinear: [], guided: [] }
console.info('\nMask IoU per composite (bilinear → guided):')
for (const photo of composites) {
  const row: number[] = []
  for (const { name, engine } of engines) {
    const { alpha } = await engine.foregroundMask(photo.jpeg, 1024)
    const iou = maskIoU(alpha, photo.truth)
    scores[name]!.push({ name: photo.name, iou })
    row.push(iou)
  }
  console.info(`  ${row.map((v) => v.toFixed(3)).join(' → ')}  ${photo.name}`)
}
for (const [name, list] of Object.entries(scores)) {
  const worst = list.reduce((w, s) => (s.iou < w.iou ? s : w))
  console.info(
    `${name}: mean IoU ${mean(list.map((s) => s.iou)).toFixed(4)}, worst ${worst.iou.toFixed(3)} (${worst.name})`,
  )
}
await Promise.all(engines.map(({ engine }) => engine.release()))
