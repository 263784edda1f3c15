// Entry of a vision worker process: the pool starts it as plain Node, so TypeScript is enabled here (tsx's
// loader) before the real entry, visionWorker.ts, is imported.
import { register } from 'tsx/esm/api'

register()
await import(new URL('./visionWorker.ts', import.meta.url).href)
