// 'Download my data' and 'Import a Moori export' (issue 16), opened from the profile's account menu.
// The export is built on the device with a progress bar and saved as a zip; an import reads a zip,
// refuses anything that is not a sound Moori export with a clear message, and queues the rest
// through the outbox (it syncs like any change, offline too).
import { useState } from 'react'
import { buildExport, type ExportProgress } from '@/data/export/buildExport'
import { deviceImageReader } from '@/data/export/deviceImageReader'
import { importExport } from '@/data/export/importExport'
import { useReplica } from '@/data/ReplicaContext'
import { Button } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { useToast } from '@/components/Toasts'
import styles from './DataTransfer.module.css'

function saveFile(bytes: Uint8Array, name: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export function ExportDialog({
  open,
  username,
  onClose,
}: {
  open: boolean
  username: string
  onClose: () => void
}) {
  const replica = useReplica()
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const [result, setResult] = useState<{ missing: number; incomplete: number } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const running = progress !== null && result === null && error === null

  const start = async () => {
    setResult(null)
    setError(null)
    setProgress({ fraction: 0, step: 'Starting' })
    try {
      const built = await buildExport(replica, deviceImageReader(replica), setProgress)
      saveFile(built.zip, `moori-${username}-${built.manifest.exportedAt.slice(0, 10)}.zip`)
      setResult({
        missing: built.manifest.missingImages.length,
        incomplete: built.manifest.incompleteWalls.length,
      })
    } catch (failure) {
      console.error('Export failed', failure)
      setError('Your data could not be exported. Please try again.')
    }
  }

  const close = () => {
    if (running) return
    setProgress(null)
    setResult(null)
    setError(null)
    onClose()
  }

  return (
    <Dialog
      open={open}
      title="Download my data"
      onClose={close}
      busy={running}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={running}>
            {result ? 'Done' : 'Cancel'}
          </Button>
          {!result && (
            <Button variant="primary" onClick={() => void start()} disabled={running}>
              {running ? 'Preparing...' : 'Download zip'}
            </Button>
          )}
        </>
      }
    >
      <p>
        A zip of everything you own in Moori: your profile, Mooris with their cards and stickers, wardrobe,
        tags and jobs, every image you uploaded, and a README that explains the files. It is made on this
        device and works offline.
      </p>
      {progress && (
        <div className={styles.progress}>
          <progress max={1} value={progress.fraction} aria-label="Export progress" />
          <span role="status">
            {result
              ? 'Your download has started.'
              : `${progress.step}... ${Math.round(progress.fraction * 100)}%`}
          </span>
        </div>
      )}
      {result && result.missing > 0 && (
        <p className={styles.note}>
          {result.missing === 1 ? '1 image was' : `${result.missing} images were`} not on this device and
          could not be fetched; the zip lists {result.missing === 1 ? 'it' : 'them'} in moori-export.json.
        </p>
      )}
      {result && result.incomplete > 0 && (
        <p className={styles.note}>
          Some Mooris were never opened on this device while online, so their cards may be incomplete; the zip
          names them.
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </Dialog>
  )
}

/** Asks for a zip (a file picker made on demand, so the page holds no stray input) and imports it. */
export function useImportExport(): { choose: () => void; importing: boolean } {
  const replica = useReplica()
  const toast = useToast()
  const [importing, setImporting] = useState(false)

  const run = async (file: File) => {
    setImporting(true)
    try {
      const summary = await importExport(replica, new Uint8Array(await file.arrayBuffer()))
      const parts = [
        `${summary.walls} ${summary.walls === 1 ? 'Moori' : 'Mooris'}`,
        `${summary.polaroids + summary.stickers} cards and stickers`,
        `${summary.wardrobeItems} wardrobe ${summary.wardrobeItems === 1 ? 'item' : 'items'}`,
      ]
      toast.success(`Imported ${parts.join(', ')}.`)
    } catch (failure) {
      toast.error(
        failure instanceof Error && failure.name === 'ExportFormatError'
          ? failure.message
          : 'The import failed. Nothing was changed.',
      )
    } finally {
      setImporting(false)
    }
  }

  const choose = () => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = '.zip,application/zip'
    input.addEventListener('change', () => {
      const file = input.files?.[0]
      if (file) void run(file)
    })
    input.click()
  }
  return { choose, importing }
}
