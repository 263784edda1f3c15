// Backgrounds for the composite photos: real photographs from Debian's opencv-doc where that package is
// installed (streets, rooms, buildings), and procedural ones that are always available (soft gradients
// with bokeh, noisy fabric-like textures, tiled floors, a wall-and-floor "room"). Seeded, so a composite
// set is the same on every machine that has the same packages.
import fs from 'node:fs'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import type { Random } from './random'

export const OPENCV_DATA = '/usr/share/doc/opencv-doc/examples/data'
/** Scenes without a salient subject of their own (no faces, people or objects that compete with the garment). */
const photoNames = [
  'leuvenA.jpg',
  'leuvenB.jpg',
  'home.jpg',
  'building.jpg',
  'aero1.jpg',
  'aero3.jpg',
  'board.jpg',
  'graf1.png',
  'starry_night.jpg',
  'text_defocus.jpg',
]

export interface Background {
  name: string
  /** RGB bytes, width × height × 3. */
  data: Uint8Array
  width: number
  height: number
}

export type BackgroundKind = 'bokeh' | 'texture' | 'tiles' | 'room' | 'photo'

/** The opencv-doc photos present on this machine. */
export function backgroundPhotos(): string[] {
  return photoNames.map((name) => path.join(OPENCV_DATA, name)).filter((file) => fs.existsSync(file))
}

async function raw(pipeline: Sharp, name: string): Promise<Background> {
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return {
    name,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  }
}

function randomColor(random: Random, light: [number, number]): string {
  const h = random.int(360)
  const s = 10 + random.int(50)
  const l = light[0] + random.int(light[1] - light[0])
  return `hsl(${h},${s}%,${l}%)`
}

function bokehSvg(random: Random, w: number, h: number): string {
  const blobs = Array.from({ length: 14 }, () => {
    const r = (0.05 + random.next() * 0.18) * Math.max(w, h)
    return `<circle cx="${random.int(w)}" cy="${random.int(h)}" r="${r.toFixed(0)}" fill="${randomColor(random, [20, 85])}" opacity="${(0.3 + random.next() * 0.5).toFixed(2)}"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="${random.next().toFixed(2)}" y2="1"><stop offset="0" stop-color="${randomColor(random, [30, 90])}"/><stop offset="1" stop-color="${randomColor(random, [10, 70])}"/></linearGradient>
  <filter id="b"><feGaussianBlur stdDeviation="${(Math.max(w, h) / 30).toFixed(0)}"/></filter></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/><g filter="url(#b)">${blobs}</g></svg>`
}

function textureSvg(random: Random, w: number, h: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><filter id="t"><feTurbulence type="${random.chance(0.5) ? 'turbulence' : 'fractalNoise'}" baseFrequency="${(0.005 + random.next() * 0.04).toFixed(3)}" numOctaves="4" seed="${random.int(1000)}"/>
  <feColorMatrix type="saturate" values="${(0.2 + random.next() * 0.6).toFixed(2)}"/></filter></defs>
  <rect width="${w}" height="${h}" fill="${randomColor(random, [25, 75])}"/>
  <rect width="${w}" height="${h}" filter="url(#t)" opacity="0.75"/></svg>`
}

function tilesSvg(random: Random, w: number, h: number): string {
  const tile = 40 + random.int(80)
  const a = randomColor(random, [40, 90])
  const b = randomColor(random, [30, 80])
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><pattern id="p" width="${tile * 2}" height="${tile * 2}" patternUnits="userSpaceOnUse" patternTransform="rotate(${random.int(60)})">
  <rect width="${tile * 2}" height="${tile * 2}" fill="${a}"/><rect width="${tile}" height="${tile}" fill="${b}"/><rect x="${tile}" y="${tile}" width="${tile}" height="${tile}" fill="${b}"/>
  <path d="M0 0 H${tile * 2} V${tile * 2}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="3"/></pattern>
  <filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.6" seed="${random.int(1000)}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0" intercept="0.15"/></feComponentTransfer></filter></defs>
  <rect width="${w}" height="${h}" fill="url(#p)"/><rect width="${w}" height="${h}" filter="url(#n)"/></svg>`
}

function roomSvg(random: Random, w: number, h: number): string {
  const floor = Math.round(h * (0.55 + random.next() * 0.25))
  const wall = randomColor(random, [55, 92])
  const boards = Array.from(
    { length: 12 },
    (_, i) =>
      `<path d="M${(i * w) / 6 - w / 2} ${h} L${w / 2 + ((i - 6) * w) / 24} ${floor}" stroke="#000" stroke-opacity="0.15" stroke-width="2"/>`,
  ).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><radialGradient id="light" cx="${random.next().toFixed(2)}" cy="0.2" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></radialGradient></defs>
  <rect width="${w}" height="${floor}" fill="${wall}"/><rect y="${floor}" width="${w}" height="${h - floor}" fill="${randomColor(random, [20, 55])}"/>${boards}
  <rect x="${random.int(w)}" y="${Math.round(floor * 0.15)}" width="${Math.round(w * 0.18)}" height="${Math.round(floor * 0.45)}" fill="${randomColor(random, [20, 90])}" stroke="#fff" stroke-width="6"/>
  <rect width="${w}" height="${h}" fill="url(#light)"/></svg>`
}

/** A w×h background of the given kind (a photo is cropped to cover, sometimes blurred like a shallow depth of field). */
export async function makeBackground(
  random: Random,
  kind: BackgroundKind,
  w: number,
  h: number,
): Promise<Background> {
  if (kind === 'photo') {
    const photos = backgroundPhotos()
    if (photos.length === 0) return makeBackground(random, 'bokeh', w, h)
    const file = random.pick(photos)
    let pipeline = sharp(file).resize(w, h, {
      fit: 'cover',
      position: random.pick(['centre', 'north', 'south', 'east', 'west']),
    })
    if (random.chance(0.4)) pipeline = sharp(await pipeline.toBuffer()).blur(1 + random.next() * 4)
    return raw(pipeline, `photo:${path.parse(file).name}`)
  }
  const svg = { bokeh: bokehSvg, texture: textureSvg, tiles: tilesSvg, room: roomSvg }[kind](random, w, h)
  return raw(sharp(Buffer.from(svg)), kind)
}
