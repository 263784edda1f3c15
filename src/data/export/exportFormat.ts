// The format of a Moori export (issue 16): a zip with a manifest, one JSON file per table of what the
// user owns (server column names), every image they uploaded under images/<bucket>/<path>, and a
// README that explains it. Reading one checks everything before anything is imported, so a corrupted
// or foreign zip gives one clear message and changes nothing. The zip's own directory is checked
// against IMPORT_LIMITS (total unpacked size, number of files, size of one file) before anything is
// inflated: a small zip that unpacks to gigabytes (a zip bomb) is refused without filling memory.
import { strFromU8, unzipSync } from 'fflate'
import { fillMessage, messages } from '@/lib/messages'

export const EXPORT_FORMAT = 'moori-export'
/** The version this app writes. Version 2 (issue 41) added the wear diary's three files. */
export const EXPORT_VERSION = 2
/** Versions this app reads: a version-1 export simply has no wears, plans or prices. */
const READABLE_VERSIONS: readonly number[] = [1, 2]
export const MANIFEST_FILE = 'moori-export.json'
export const IMAGES_DIR = 'images/'

export const TABLE_FILES = {
  profiles: 'profile.json',
  walls: 'walls.json',
  polaroids: 'polaroids.json',
  wall_stickers: 'wall_stickers.json',
  wardrobe_items: 'wardrobe_items.json',
  clothing_tags: 'clothing_tags.json',
  processing_jobs: 'processing_jobs.json',
  wears: 'wears.json',
  outfit_plans: 'outfit_plans.json',
  item_prices: 'item_prices.json',
} as const

/** The version that first wrote a table's file; an older export lacks it and reads as empty. */
const FILE_SINCE: Partial<Record<keyof typeof TABLE_FILES, number>> = { wears: 2, outfit_plans: 2, item_prices: 2 }

export type ExportTable = keyof typeof TABLE_FILES
export type ExportRow = Record<string, unknown>

export interface ExportManifest {
  format: typeof EXPORT_FORMAT
  version: number
  exportedAt: string
  userId: string
  username: string | null
  counts: Record<ExportTable, number>
  images: number
  /** Images the export names but could not get (not on the device, and offline or gone). */
  missingImages: string[]
  /** Walls whose cards were never pulled to this device, so their cards may be incomplete. */
  incompleteWalls: string[]
}

export interface ParsedExport {
  manifest: ExportManifest
  tables: Record<ExportTable, ExportRow[]>
  /** Image bytes by `bucket/path`. */
  images: Map<string, Uint8Array>
}

export class ExportFormatError extends Error {
  override name = 'ExportFormatError'
}

export const README = `# Your Moori data

This zip is everything you own in Moori, exported from your device.

- \`${MANIFEST_FILE}\`: what this is (format "${EXPORT_FORMAT}", version ${EXPORT_VERSION}), when it was
  made, for which account, how many rows each file holds, and any images that could not be included
  (\`missingImages\`) or walls whose cards were not all on the device (\`incompleteWalls\`).
- One JSON file per table, each an array of rows with the database's own column names:
  - \`profile.json\`: your profile.
  - \`walls.json\`: your Mooris (walls).
  - \`polaroids.json\` and \`wall_stickers.json\`: the cards and stickers on your walls (with their
    positions x, y and z_index), and the ones you pinned on other people's walls.
  - \`wardrobe_items.json\` and \`clothing_tags.json\`: your wardrobe and its tags.
  - \`processing_jobs.json\`: your outfit-photo jobs.
  - \`wears.json\`: what you wore when (\`worn_on\`, a day), each an item (\`item_id\`) from an outfit photo
    (\`source\` "photo", \`outfit_item_id\`), marked by hand ("hand") or from a plan ("plan", \`plan_id\`).
  - \`outfit_plans.json\`: days you planned (\`planned_for\`), with a Moori (\`wall_id\`) and/or items
    (\`item_ids\`), and when you wore them (\`worn_at\`).
  - \`item_prices.json\`: the prices you gave your items (\`id\` is the item's id, \`amount\` and
    \`currency\`, an ISO 4217 code).
- \`images/<bucket>/<path>\`: every image you uploaded, byte for byte. A row's \`image_path\` (or
  \`avatar_path\`, \`cutout_path\`) is \`<bucket>/<path>\`, so its file is \`images/\` + that value.

To restore it, open your profile in Moori, choose the account menu, then "Import a Moori export". Your
walls, their cards and stickers, your wardrobe and its tags come back as new copies in the account you
are signed in to, with your wears, plans and prices; images are uploaded again. Outfit analyses and cut-outs are made again by the
wardrobe engine rather than restored.
`

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const REQUIRED: Record<ExportTable, Record<string, 'string' | 'number' | 'boolean'>> = {
  profiles: { id: 'string', username: 'string' },
  walls: { id: 'string', name: 'string', private: 'boolean' },
  polaroids: { id: 'string', wall_id: 'string', name: 'string', x: 'number', y: 'number', z_index: 'number' },
  wall_stickers: {
    id: 'string',
    wall_id: 'string',
    image_path: 'string',
    x: 'number',
    y: 'number',
    z_index: 'number',
  },
  wardrobe_items: { id: 'string', image_path: 'string', name: 'string', is_public: 'boolean' },
  clothing_tags: { id: 'string', wardrobe_item_id: 'string', tag_type: 'string', tag_value: 'string' },
  processing_jobs: { id: 'string' },
  wears: { id: 'string', item_id: 'string', worn_on: 'string', source: 'string' },
  outfit_plans: { id: 'string', planned_for: 'string' },
  item_prices: { id: 'string' },
}

export interface ImportLimits {
  /** Bytes all files unpack to together (and the largest zip read at all). */
  totalBytes: number
  entries: number
  /** Bytes one file unpacks to (an image is at most 5 MiB; the table files are far smaller). */
  entryBytes: number
}

const MiB = 1024 * 1024

export const IMPORT_LIMITS: ImportLimits = { totalBytes: 512 * MiB, entries: 20_000, entryBytes: 16 * MiB }

const sizeText = (bytes: number) => `${Math.round(bytes / MiB)} MB`

/**
 * Unzips after checking the zip's whole directory against the limits, before a single entry is
 * inflated (the first pass only reads the directory). fflate inflates an entry into a buffer of the
 * size the directory declares (more data is dropped) and copies a stored one as is, so the larger of
 * the two declared sizes bounds what each entry takes.
 */
function unzipWithin(bytes: Uint8Array, limits: ImportLimits): Record<string, Uint8Array> {
  const tooLarge = () =>
    new ExportFormatError(fillMessage(messages.importTooLarge, { limit: sizeText(limits.totalBytes) }))
  if (bytes.length > limits.totalBytes) throw tooLarge()
  let entries = 0
  let total = 0
  unzipSync(bytes, {
    filter(file) {
      const size = Math.max(file.size, file.originalSize)
      entries += 1
      total += size
      if (entries > limits.entries) {
        throw new ExportFormatError(fillMessage(messages.importTooManyFiles, { limit: String(limits.entries) }))
      }
      if (size > limits.entryBytes) {
        throw new ExportFormatError(
          fillMessage(messages.importFileTooLarge, { name: file.name.slice(0, 80), limit: sizeText(limits.entryBytes) }),
        )
      }
      if (total > limits.totalBytes) throw tooLarge()
      return false
    },
  })
  return unzipSync(bytes)
}

/** Reads and checks an export; throws ExportFormatError saying what is wrong. */
export function readExport(bytes: Uint8Array, limits: ImportLimits = IMPORT_LIMITS): ParsedExport {
  let files: Record<string, Uint8Array>
  try {
    files = unzipWithin(bytes, limits)
  } catch (error) {
    if (error instanceof ExportFormatError) throw error
    throw new ExportFormatError(
      'This file could not be read as a zip. It may be damaged or not a Moori export.',
    )
  }
  const manifestBytes = files[MANIFEST_FILE]
  if (!manifestBytes)
    throw new ExportFormatError(`This zip is not a Moori export: it has no ${MANIFEST_FILE}.`)
  const manifest = parseJson(manifestBytes, MANIFEST_FILE)
  if (!isObject(manifest) || manifest.format !== EXPORT_FORMAT) {
    throw new ExportFormatError('This zip is not a Moori export.')
  }
  if (typeof manifest.version !== 'number' || !READABLE_VERSIONS.includes(manifest.version)) {
    throw new ExportFormatError(
      `This Moori export has version ${String(manifest.version)}; this app reads version ${EXPORT_VERSION}.`,
    )
  }
  const tables = {} as Record<ExportTable, ExportRow[]>
  for (const [table, file] of Object.entries(TABLE_FILES) as Array<[ExportTable, string]>) {
    const data = files[file]
    if (!data && manifest.version < (FILE_SINCE[table] ?? 1)) {
      tables[table] = []
      continue
    }
    if (!data) throw new ExportFormatError(`This Moori export is incomplete: ${file} is missing.`)
    const rows = parseJson(data, file)
    if (!Array.isArray(rows))
      throw new ExportFormatError(`This Moori export is damaged: ${file} is not a list.`)
    rows.forEach((row: unknown, index) => {
      if (!isObject(row))
        throw new ExportFormatError(
          `This Moori export is damaged: row ${index + 1} of ${file} is not an object.`,
        )
      for (const [column, type] of Object.entries(REQUIRED[table])) {
        if (typeof row[column] !== type) {
          throw new ExportFormatError(
            `This Moori export is damaged: row ${index + 1} of ${file} has no valid ${column}.`,
          )
        }
      }
    })
    tables[table] = rows as ExportRow[]
  }
  const images = new Map<string, Uint8Array>()
  for (const [name, data] of Object.entries(files)) {
    if (name.startsWith(IMAGES_DIR) && !name.endsWith('/')) images.set(name.slice(IMAGES_DIR.length), data)
  }
  const counts = manifest.counts
  if (isObject(counts)) {
    for (const table of Object.keys(TABLE_FILES) as ExportTable[]) {
      if (typeof counts[table] === 'number' && counts[table] !== tables[table].length) {
        throw new ExportFormatError(
          `This Moori export is damaged: ${TABLE_FILES[table]} does not hold what its manifest says.`,
        )
      }
    }
  }
  return { manifest: manifest as unknown as ExportManifest, tables, images }
}

function parseJson(bytes: Uint8Array, file: string): unknown {
  try {
    return JSON.parse(strFromU8(bytes)) as unknown
  } catch {
    throw new ExportFormatError(`This Moori export is damaged: ${file} is not valid JSON.`)
  }
}

export function contentTypeOf(path: string): string {
  const lower = path.toLowerCase()
  if (lower.endsWith('.png')) return 'image/png'
  if (lower.endsWith('.webp')) return 'image/webp'
  return 'image/jpeg'
}
