// A stand-in vision worker for testing how the pool copes with failure. It speaks the pool's protocol
// but misbehaves on purpose, one way per operation: analyseOutfit exits the process (a crash),
// cutOutRegion throws outside any handler (an uncaught exception), warmUp never answers (a hang),
// and removeBackground answers normally with a 1×1 cut-out.
process.on('message', ({ id, request }) => {
  switch (request.op) {
    case 'analyseOutfit':
      process.exit(3)
      break
    case 'cutOutRegion':
      setTimeout(() => {
        throw new Error('unexpected failure inside the worker')
      })
      break
    case 'warmUp':
      break
    default:
      process.send({
        id,
        ok: true,
        result: { png: new Uint8Array([137, 80, 78, 71]), width: 1, height: 1 },
      })
  }
})
process.on('uncaughtException', (error) => {
  process.send({ fatal: { name: error.name, message: error.message } }, () => process.exit(1))
})
process.on('disconnect', () => process.exit(0))
