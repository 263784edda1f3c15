// A stand-in vision worker that speaks the pool's protocol and answers every cut-out with a 1×1
// transparent PNG once the file named by MOORI_TEST_CUTOUT_GATE exists, so a test can hold the real
// pool's workers busy (and its queue full) without the models, then let everything through.
import { existsSync } from 'node:fs'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const gate = process.env.MOORI_TEST_CUTOUT_GATE

function answerWhenOpen(id) {
  if (gate && !existsSync(gate)) return setTimeout(() => answerWhenOpen(id), 20)
  process.send({ id, ok: true, result: { png: new Uint8Array(PNG), width: 1, height: 1 } })
}

process.on('message', ({ id, request }) => {
  if (request.op === 'warmUp') return process.send({ id, ok: true, result: null })
  answerWhenOpen(id)
})
process.on('disconnect', () => process.exit(0))
