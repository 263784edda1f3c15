// tfjs loads model files with `fetch`, and Node's fetch refuses file:// URLs. This shim serves file:// from
// disk and refuses every other URL, so the pose model can only ever come from node_modules: nothing is
// downloaded at run time, and a misconfigured path fails loudly instead of reaching for the network.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

function urlOf(input: string | URL | Request): string {
  if (typeof input === 'string') return input
  if (input instanceof URL) return input.href
  return input.url
}

/** Replaces globalThis.fetch; returns a function that puts the previous one back. */
export function installOfflineFetch(): () => void {
  const previous = globalThis.fetch
  const offline = async (input: string | URL | Request): Promise<Response> => {
    const url = urlOf(input)
    if (!url.startsWith('file://'))
      throw new Error(`Network access is disabled in the vision worker (asked for ${url}).`)
    return new Response(await readFile(fileURLToPath(url)), { status: 200 })
  }
  globalThis.fetch = offline
  return () => {
    globalThis.fetch = previous
  }
}
