// Real photos for the vision tests, from Debian packages installed at test time (their licences forbid
// committing them). Each lookup returns null when the package is missing, so a test can skip that case
// and say why instead of failing on a machine without it.
import fs from 'node:fs'
import path from 'node:path'
import { FIREMAN_PHOTOS, largeOutfitPhoto } from './wardrobePhotos'
import { OPENCV_DATA } from './backgrounds'

export interface TestPhoto {
  path: string
  bytes: Uint8Array
}

function read(file: string | undefined): TestPhoto | null {
  if (!file || !fs.existsSync(file)) return null
  return { path: file, bytes: new Uint8Array(fs.readFileSync(file)) }
}

/** A full-body footballer (shirt, shorts, socks, boots) on a crowd background; apt package opencv-doc. */
export const messiPhoto = () => read(path.join(OPENCV_DATA, 'messi5.jpg'))

/**
 * A half-body portrait (no legs in view); apt package python3-skimage, or its .deb unpacked with
 * `dpkg -x python3-skimage_*.deb /tmp/skimage`, or any copy named by MOORI_ASTRONAUT_PNG.
 */
export const astronautPhoto = () =>
  read(
    [
      process.env.MOORI_ASTRONAUT_PNG,
      '/usr/lib/python3/dist-packages/skimage/data/astronaut.png',
      // Where .ci/run unpacks it.
      '/usr/local/share/moori-test-photos/skimage/usr/lib/python3/dist-packages/skimage/data/astronaut.png',
      '/tmp/skimage/usr/lib/python3/dist-packages/skimage/data/astronaut.png',
    ].find((file) => file && fs.existsSync(file)),
  )

/** Tux Paint's photographed firefighter with an alpha channel; apt package tuxpaint-stamps-default. */
export const firemanCutOut = () => read(FIREMAN_PHOTOS[0])

/** '' when the photo is there; otherwise the reason a test that needs it is skipped, for its title. */
export function unlessInstalled(photo: TestPhoto | null, what: string, pkg: string): string {
  return photo ? '' : ` (skipped: ${what} is not installed; apt package ${pkg})`
}

/**
 * A real full-body outfit photo as a JPEG, for end-to-end runs of the engine: the footballer, or the
 * firefighter on a background photo; null when neither package is installed.
 */
export async function outfitTestPhoto(): Promise<Buffer<ArrayBuffer> | null> {
  const messi = messiPhoto()
  if (messi) return Buffer.from(messi.bytes)
  if (!firemanCutOut()) return null
  const { jpeg } = await largeOutfitPhoto(900, 1200)
  return Buffer.from(jpeg)
}
