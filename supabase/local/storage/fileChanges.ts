// Keeps storage.objects rows and files in step. File changes are made inside the database transaction,
// right after the row work succeeded, and each one records how to undo it: new bytes go to a temp file
// that is renamed into place (the old file kept as a hard-linked backup), removed files are renamed
// into the scratch directory. If the transaction fails the changes are undone; once it commits the
// backups are dropped. Since every file change runs inside a (serialised) transaction, no two requests
// touch the tree at the same time. Each kept copy has a note beside it (`<copy>.json`, written before
// the change) naming where it came from, so a crash between the change and the end of its transaction
// can be put right at the next start (`recoverFileChanges`).
import { randomUUID } from 'node:crypto'
import { link, lstat, mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { asRole, type RequestAuth } from '../db/asRole'
import { storageErrors } from './storageError'

type Step = () => Promise<void>

function errno(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}

function fsError(error: unknown, name: string): unknown {
  switch (errno(error)) {
    case 'ENOTDIR':
    case 'EEXIST':
    case 'EISDIR':
    case 'ENOTEMPTY':
      return storageErrors.keyConflict(name)
    case 'ENAMETOOLONG':
      return storageErrors.invalidKey(name)
    default:
      return error
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.some((entry) => !entry.isDirectory())
}

/** Removes now-empty directories from `dir` up to (not including) the bucket directory. */
async function pruneEmptyDirs(dir: string, stopAt: string): Promise<void> {
  let current = dir
  while (current.startsWith(stopAt + path.sep)) {
    try {
      await rmdir(current)
    } catch {
      return
    }
    current = path.dirname(current)
  }
}

/** Where a kept copy (a backup, a removed file or folder) came from, written before the change. */
export interface KeptCopyNote {
  target: string
  dir?: boolean
}

async function keepNote(copy: string, note: KeptCopyNote): Promise<void> {
  await writeFile(`${copy}.json`, JSON.stringify(note))
}

async function dropCopy(copy: string): Promise<void> {
  await rm(copy, { recursive: true, force: true })
  await rm(`${copy}.json`, { force: true })
}

export class FileChanges {
  private undo: Step[] = []
  private finalize: Step[] = []

  constructor(private readonly scratch: string) {}

  /** Puts `bytes` at `file` (replacing what is there) for object `name` of the bucket at `bucketPath`. */
  async put(file: string, bytes: Uint8Array, name: string, bucketPath: string): Promise<void> {
    const temp = path.join(this.scratch, `${randomUUID()}.tmp`)
    await writeFile(temp, bytes, { flag: 'wx' })
    let backup: string | null = null
    try {
      await mkdir(path.dirname(file), { recursive: true })
      const existing = await lstat(file).catch(() => null)
      if (existing?.isDirectory()) {
        // Left over from objects that were inside it; only empty folders may give way to a file.
        if (await hasFiles(file)) throw storageErrors.keyConflict(name)
        await rm(file, { recursive: true })
      } else if (existing) {
        backup = path.join(this.scratch, `${randomUUID()}.bak`)
        await link(file, backup)
        await keepNote(backup, { target: file })
      }
      await rename(temp, file)
    } catch (error) {
      await rm(temp, { force: true })
      if (backup) await dropCopy(backup)
      await pruneEmptyDirs(path.dirname(file), bucketPath)
      throw fsError(error, name)
    }
    const saved = backup
    this.undo.push(async () => {
      if (saved) {
        await rename(saved, file)
        await rm(`${saved}.json`, { force: true })
      } else {
        await rm(file, { force: true })
        await pruneEmptyDirs(path.dirname(file), bucketPath)
      }
    })
    if (saved) this.finalize.push(() => dropCopy(saved))
  }

  /** Removes the file of an object; a file that is already gone is fine (the row decides). */
  async remove(file: string, bucketPath: string): Promise<void> {
    const existing = await lstat(file).catch(() => null)
    if (!existing?.isFile()) return
    const trash = path.join(this.scratch, `${randomUUID()}.del`)
    await keepNote(trash, { target: file })
    await rename(file, trash)
    await pruneEmptyDirs(path.dirname(file), bucketPath)
    this.undo.push(async () => {
      await mkdir(path.dirname(file), { recursive: true })
      await rename(trash, file)
      await rm(`${trash}.json`, { force: true })
    })
    this.finalize.push(() => dropCopy(trash))
  }

  /** Removes a whole directory (a deleted bucket's leftovers). */
  async removeDir(dir: string): Promise<void> {
    const existing = await lstat(dir).catch(() => null)
    if (!existing?.isDirectory()) return
    const trash = path.join(this.scratch, `${randomUUID()}.deldir`)
    await keepNote(trash, { target: dir, dir: true })
    await rename(dir, trash)
    this.undo.push(async () => {
      await rename(trash, dir)
      await rm(`${trash}.json`, { force: true })
    })
    this.finalize.push(() => dropCopy(trash))
  }

  async rollback(): Promise<void> {
    const steps = this.undo.reverse()
    this.undo = []
    this.finalize = []
    for (const step of steps) {
      try {
        await step()
      } catch (error) {
        console.error('storage: could not undo a file change', error)
      }
    }
  }

  async commit(): Promise<void> {
    const steps = this.finalize
    this.undo = []
    this.finalize = []
    for (const step of steps) {
      try {
        await step()
      } catch (error) {
        console.error('storage: could not drop a backup file', error)
      }
    }
  }
}

/**
 * Runs row work as the caller (so storage.objects policies decide) together with the file changes it
 * makes; either both land or neither does.
 */
export async function asRoleWithFiles<T>(
  db: PGlite,
  auth: RequestAuth,
  scratch: string,
  work: (tx: Transaction, files: FileChanges) => Promise<T>,
): Promise<T> {
  const files = new FileChanges(scratch)
  try {
    const result = await asRole(db, auth, async (tx) => {
      try {
        return await work(tx, files)
      } catch (error) {
        // Undo while the transaction still serialises everyone else's file changes.
        await files.rollback()
        throw error
      }
    })
    await files.commit()
    return result
  } catch (error) {
    await files.rollback()
    throw error
  }
}
