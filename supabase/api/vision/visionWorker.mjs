// Entry of a vision worker thread: worker threads start as plain Node, so TypeScript is enabled here
// (tsx's loader, registered for this thread) before the real entry, visionWorker.ts, is imported.
import { register } from 'tsx/esm/api'

register()
await import(new URL('./visionWorker.ts', import.meta.url).href)
