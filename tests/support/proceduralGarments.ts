// Garments drawn from SVG at test time: T-shirt, jacket, trousers, dress, skirt, sneaker and cap, with
// fabric patterns, shading, folds, seams and a woven-noise texture. They are ours (committable, always
// available, unlike the apt photos) and their alpha is exact, so a background-removal mask can be scored
// against them. Deterministic: every random choice comes from the caller's seeded generator.
import sharp from 'sharp'
import type { Random } from './random'

export type GarmentKind = 'tshirt' | 'jacket' | 'trousers' | 'dress' | 'skirt' | 'sneaker' | 'cap'
export type FabricPattern = 'plain' | 'stripes' | 'checks' | 'dots' | 'print' | 'denim'

export const garmentKinds: GarmentKind[] = [
  'tshirt',
  'jacket',
  'trousers',
  'dress',
  'skirt',
  'sneaker',
  'cap',
]

/** Outlines in a 200×200 box (evenodd where there are holes). */
const outlines: Record<GarmentKind, string> = {
  tshirt:
    'M62 30 C72 26 80 22 86 20 C92 30 108 30 114 20 C120 22 128 26 138 30 L176 58 C172 70 166 80 158 88 L140 77 C139 110 140 150 142 180 C118 184 82 184 58 180 C60 150 61 110 60 77 L42 88 C34 80 28 70 24 58 Z',
  jacket:
    'M64 26 L88 16 L100 40 L112 16 L136 26 C150 34 158 46 162 62 L182 158 C176 162 170 164 162 164 L146 96 L146 184 C116 188 84 188 54 184 L54 96 L38 164 C30 164 24 162 18 158 L38 62 C42 46 50 34 64 26 Z',
  trousers:
    'M60 16 L140 16 C142 40 146 60 150 90 C154 120 156 150 158 186 L116 188 C112 150 106 112 100 80 C94 112 88 150 84 188 L42 186 C44 150 46 120 50 90 C54 60 58 40 60 16 Z',
  dress:
    'M80 14 L88 14 C90 26 110 26 112 14 L120 14 C122 30 126 44 124 62 C122 70 120 76 122 82 C140 120 156 150 168 182 C124 190 76 190 32 182 C44 150 60 120 78 82 C80 76 78 70 76 62 C74 44 78 30 80 14 Z',
  skirt:
    'M66 40 C88 36 112 36 134 40 L136 52 C150 90 162 130 172 168 C124 178 76 178 28 168 C38 130 50 90 64 52 Z',
  sneaker:
    'M14 126 C14 112 22 104 36 102 L70 98 C86 96 96 84 104 72 C112 64 124 64 134 70 L168 100 C182 108 190 118 190 130 L190 146 C190 152 186 156 180 156 L22 156 C16 156 14 152 14 146 Z',
  cap: 'M40 120 C40 80 64 56 100 56 C136 56 160 80 160 120 C176 122 190 128 194 136 C180 142 150 140 132 134 C112 138 80 140 56 136 C48 134 40 130 40 120 Z',
}

/** Lines that make the drawing read as clothing: seams, folds, hems (drawn inside the outline only). */
const details: Record<GarmentKind, string> = {
  tshirt:
    'M60 77 C62 72 64 66 64 60 M140 77 C138 72 136 66 136 60 M86 20 C92 36 108 36 114 20 M60 172 C90 176 110 176 142 172',
  jacket:
    'M100 40 L100 186 M88 16 L92 60 L100 40 M112 16 L108 60 L100 40 M58 140 L92 140 M108 140 L142 140 M54 176 L146 176',
  trousers:
    'M60 26 L140 26 M100 26 L100 80 M70 26 C72 40 76 48 86 52 M130 26 C128 40 124 48 114 52 M46 176 L84 178 M116 178 L156 176',
  dress:
    'M76 62 C92 68 108 68 124 62 M78 82 C92 86 108 86 122 82 M100 86 C98 120 94 150 92 186 M100 86 C106 120 118 150 130 184',
  skirt: 'M64 52 L136 52 M84 54 C80 90 72 130 64 172 M116 54 C120 90 128 130 136 172',
  sneaker: 'M14 140 L190 140 M86 96 L96 110 M96 90 L106 104 M106 84 L116 98 M136 72 C128 90 120 104 112 116',
  cap: 'M100 56 L100 118 M66 70 C80 90 84 106 82 122 M134 70 C120 90 116 106 118 122 M56 136 C80 128 112 126 132 134',
}

export interface GarmentSpec {
  kind: GarmentKind
  pattern: FabricPattern
  color: string
  accent: string
  /** Rotation of the pattern in degrees. */
  angle: number
  seed: number
}

/** A fashion palette: the colours garments are actually sold in (so the colour tests stay meaningful). */
export const fabricColors = [
  '#1f2a5a',
  '#6d1a2a',
  '#f3f0e8',
  '#111111',
  '#d8c3a5',
  '#556b2f',
  '#f4a6c0',
  '#3b5b92',
  '#c62828',
  '#808080',
  '#c19a6b',
  '#2e7d32',
  '#ef6c00',
  '#6a1b9a',
  '#008080',
  '#d4a017',
  '#36454f',
  '#a8c8f0',
]

export function randomGarment(random: Random, kind: GarmentKind = random.pick(garmentKinds)): GarmentSpec {
  const pattern: FabricPattern =
    kind === 'trousers' && random.chance(0.5)
      ? 'denim'
      : random.pick(['plain', 'plain', 'stripes', 'checks', 'dots', 'print'])
  const color =
    pattern === 'denim' ? random.pick(['#3b5b92', '#2b3f66', '#5a7bb0']) : random.pick(fabricColors)
  let accent = random.pick(fabricColors)
  while (accent === color) accent = random.pick(fabricColors)
  return { kind, pattern, color, accent, angle: random.pick([0, 0, 30, 45, 90]), seed: random.int(1000) }
}

function patternFill(spec: GarmentSpec): string {
  const { color, accent, angle } = spec
  const transform = `patternTransform="rotate(${angle})"`
  switch (spec.pattern) {
    case 'stripes':
      return `<pattern id="fabric" width="14" height="14" patternUnits="userSpaceOnUse" ${transform}><rect width="14" height="14" fill="${color}"/><rect width="5" height="14" fill="${accent}"/></pattern>`
    case 'checks':
      return `<pattern id="fabric" width="20" height="20" patternUnits="userSpaceOnUse" ${transform}><rect width="20" height="20" fill="${color}"/><rect width="20" height="6" y="7" fill="${accent}" opacity="0.6"/><rect width="6" height="20" x="7" fill="${accent}" opacity="0.6"/></pattern>`
    case 'dots':
      return `<pattern id="fabric" width="16" height="16" patternUnits="userSpaceOnUse" ${transform}><rect width="16" height="16" fill="${color}"/><circle cx="8" cy="8" r="3" fill="${accent}"/></pattern>`
    case 'print':
      return `<pattern id="fabric" width="36" height="36" patternUnits="userSpaceOnUse" ${transform}><rect width="36" height="36" fill="${color}"/><circle cx="9" cy="9" r="5" fill="${accent}"/><circle cx="9" cy="9" r="2" fill="${color}"/><path d="M22 24 q6 -8 12 0 q-6 8 -12 0" fill="${accent}" opacity="0.8"/></pattern>`
    case 'denim':
      return `<pattern id="fabric" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="4" fill="${color}"/><rect width="1.4" height="4" fill="#ffffff" opacity="0.12"/></pattern>`
    default:
      return `<linearGradient id="fabric" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}"/></linearGradient>`
  }
}

/** The garment as an SVG document of `size` px, transparent around it. */
export function garmentSvg(spec: GarmentSpec, size: number): string {
  const outline = outlines[spec.kind]
  const sole =
    spec.kind === 'sneaker'
      ? '<path d="M14 138 L190 138 L190 146 C190 152 186 156 180 156 L22 156 C16 156 14 152 14 146 Z" fill="#f4f2ee"/><path d="M14 138 L190 138" stroke="#9a958c" stroke-width="1.5"/>'
      : ''
  const brim =
    spec.kind === 'cap'
      ? `<path d="M132 134 C150 140 180 142 194 136 C190 128 176 122 160 120 C152 126 142 130 132 134 Z" fill="#000" opacity="0.25"/>`
      : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200">
  <defs>
    ${patternFill(spec)}
    <linearGradient id="shadeX" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.3" stop-color="#000" stop-opacity="0"/>
      <stop offset="0.65" stop-color="#fff" stop-opacity="0.10"/><stop offset="1" stop-color="#000" stop-opacity="0.30"/>
    </linearGradient>
    <linearGradient id="shadeY" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/>
    </linearGradient>
    <filter id="weave" x="0" y="0" width="1" height="1">
      <feTurbulence type="fractalNoise" baseFrequency="0.8" numOctaves="2" seed="${spec.seed}"/>
      <feColorMatrix type="saturate" values="0"/>
      <feComponentTransfer><feFuncA type="linear" slope="0" intercept="0.22"/></feComponentTransfer>
    </filter>
    <filter id="soft"><feGaussianBlur stdDeviation="1.6"/></filter>
    <clipPath id="shape"><path d="${outline}" fill-rule="evenodd"/></clipPath>
  </defs>
  <g clip-path="url(#shape)">
    <rect width="200" height="200" fill="url(#fabric)"/>
    <rect width="200" height="200" filter="url(#weave)"/>
    <rect width="200" height="200" fill="url(#shadeX)"/>
    <rect width="200" height="200" fill="url(#shadeY)"/>
    <path d="${details[spec.kind]}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="2.2" filter="url(#soft)"/>
    <path d="${details[spec.kind]}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="0.8" stroke-dasharray="2 2" transform="translate(1.5 0)"/>
    ${sole}${brim}
  </g>
</svg>`
}

export interface RgbaImage {
  data: Uint8Array
  width: number
  height: number
}

/** Renders a garment to RGBA pixels, trimmed to its visible extent. */
export async function renderGarment(spec: GarmentSpec, size: number): Promise<RgbaImage> {
  const { data, info } = await sharp(Buffer.from(garmentSvg(spec, size)))
    .ensureAlpha()
    .trim({ threshold: 0 })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  }
}
