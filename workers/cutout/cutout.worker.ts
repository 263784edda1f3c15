// The cut-out worker's entry: builds the engine for the threads the page asks for (the name carries them,
// so nothing runs before it is known) and exposes it over Comlink. All logic lives in cutoutEngine.
import * as Comlink from 'comlink'
import { createCutoutEngine } from './cutoutEngine'

// onnxruntime's threads run this same script under the name em-pthread: its bundled glue serves them
// (it is imported with the engine), and they must not answer Comlink messages.
if (!self.name.startsWith('em-pthread')) {
  const threads = Number(/threads=(\d+)/.exec(self.name)?.[1] ?? '1')
  Comlink.expose(createCutoutEngine({ threads }))
}
