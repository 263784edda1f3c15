// Demo images drawn from SVG at seed time (no downloads, no bundled photos): garment "product shots"
// for polaroids and wardrobe items, die-cut stickers with transparency, and initials avatars.
import sharp from 'sharp'

type Garment = 'tee' | 'dress' | 'trousers' | 'skirt' | 'jacket' | 'sneaker' | 'bag' | 'hat'
type Pattern = 'plain' | 'stripes' | 'dots' | 'checks'

/** Outlines in a 200×200 box. */
const shapes: Record<Garment, string> = {
  tee: 'M60 32 L86 20 Q100 34 114 20 L140 32 L178 62 L156 88 L140 76 L140 182 L60 182 L60 76 L44 88 L22 62 Z',
  dress: 'M82 18 L90 18 Q100 30 110 18 L118 18 L124 62 L164 182 L36 182 L76 62 Z',
  trousers: 'M58 20 L142 20 L152 186 L112 186 L100 84 L88 186 L48 186 Z',
  skirt: 'M68 46 L132 46 L168 172 L32 172 Z',
  jacket:
    'M60 26 L88 18 L100 44 L112 18 L140 26 L182 150 L162 160 L142 92 L142 186 L58 186 L58 92 L38 160 L18 150 Z',
  sneaker: 'M18 132 Q18 100 48 100 L88 100 Q108 70 130 80 L172 110 Q188 118 188 136 L188 152 L18 152 Z',
  bag: 'M42 82 L158 82 L168 182 L32 182 Z M70 82 Q70 32 100 32 Q130 32 130 82 L120 82 Q120 44 100 44 Q80 44 80 82 Z',
  hat: 'M26 142 Q100 112 174 142 Q152 156 100 156 Q48 156 26 142 Z M58 138 Q62 70 100 70 Q138 70 142 138 Z',
}

function patternDefs(id: string, pattern: Pattern, color: string, accent: string): string {
  switch (pattern) {
    case 'stripes':
      return `<pattern id="${id}" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="16" height="16" fill="${color}"/><rect width="7" height="16" fill="${accent}"/></pattern>`
    case 'dots':
      return `<pattern id="${id}" width="18" height="18" patternUnits="userSpaceOnUse"><rect width="18" height="18" fill="${color}"/><circle cx="9" cy="9" r="3.5" fill="${accent}"/></pattern>`
    case 'checks':
      return `<pattern id="${id}" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="${color}"/><rect width="12" height="12" fill="${accent}" opacity="0.7"/><rect x="12" y="12" width="12" height="12" fill="${accent}" opacity="0.7"/></pattern>`
    default:
      return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${accent}"/></linearGradient>`
  }
}

export interface GarmentLook {
  garment: Garment
  pattern: Pattern
  color: string
  accent: string
  background: string
}

/** A product shot: the garment on a soft backdrop with a shadow, as a JPEG. */
export async function garmentPhoto(look: GarmentLook, size = 640): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200">
  <defs>
    ${patternDefs('fill', look.pattern, look.color, look.accent)}
    <radialGradient id="bg" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="${look.background}"/></radialGradient>
  </defs>
  <rect width="200" height="200" fill="${look.background}"/>
  <rect width="200" height="200" fill="url(#bg)"/>
  <ellipse cx="100" cy="190" rx="70" ry="7" fill="#000" opacity="0.12"/>
  <g transform="translate(20 14) scale(0.8)">
    <path d="${shapes[look.garment]}" fill="#000" opacity="0.15" transform="translate(4 5)"/>
    <path d="${shapes[look.garment]}" fill="url(#fill)" stroke="#2d2420" stroke-opacity="0.35" stroke-width="1.5" fill-rule="evenodd"/>
  </g>
</svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer()
}

/** A die-cut sticker: the garment with a white border on transparency, as a PNG. */
export async function garmentSticker(look: GarmentLook, size = 400): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200">
  <defs>${patternDefs('fill', look.pattern, look.color, look.accent)}</defs>
  <g transform="translate(14 10) scale(0.86)">
    <path d="${shapes[look.garment]}" fill="#000" opacity="0.18" transform="translate(3 4)" stroke="#000" stroke-width="10" stroke-linejoin="round"/>
    <path d="${shapes[look.garment]}" fill="#fff" stroke="#fff" stroke-width="10" stroke-linejoin="round" fill-rule="evenodd"/>
    <path d="${shapes[look.garment]}" fill="url(#fill)" fill-rule="evenodd"/>
  </g>
</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** A round avatar with initials. */
export async function initialsAvatar(initials: string, color: string, size = 256): Promise<Buffer> {
  const safe = initials.replace(/[^A-Za-z]/g, '').slice(0, 2).toUpperCase()
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="${color}"/>
  <circle cx="78" cy="22" r="30" fill="#fff" opacity="0.18"/>
  <text x="50" y="63" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="38" font-weight="700" fill="#fffdf8" text-anchor="middle">${safe}</text>
</svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}
