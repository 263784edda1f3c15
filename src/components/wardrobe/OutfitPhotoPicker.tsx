// Picking outfit photos (spec §2 Upload Product, §5, §7; many at once, issue 25): images dropped (many,
// or a folder's), chosen from the library (multi-select) or taken with the camera (one more each time),
// previewed, with the 'Skip AI tagging' checkbox that becomes each job's skip_ai_tagging. Anything that is
// not an image is left out with the spec's message before anything is kept. Submitting hands the files to
// the upload flow, which shrinks and stores them one by one.
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { fillMessage, messages } from '@/lib/messages'
import { pickImages } from '@/lib/wardrobe/outfitBatch'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { useObjectUrl } from '@/components/useObjectUrl'
import { droppedFiles } from './droppedFiles'
import styles from './OutfitPhotoPicker.module.css'

const SKIP_TAGGING_LABEL = 'Skip AI tagging'

export interface OutfitPick {
  /** One or more images, in the order picked. */
  files: File[]
  skipTagging: boolean
}

/** Thumbnails shown for a pick of many; the rest are counted. */
const THUMBNAILS_SHOWN = 5

export function OutfitPhotoPicker({
  initialFiles,
  onCancel,
  onUpload,
}: {
  /** Photos already chosen (shared ones). */
  initialFiles: File[]
  onCancel: () => void
  onUpload: (pick: OutfitPick) => void
}) {
  const id = useId()
  const library = useRef<HTMLInputElement>(null)
  const camera = useRef<HTMLInputElement>(null)
  const [files, setFiles] = useState<File[]>(initialFiles)
  const [error, setError] = useState<string | null>(null)
  const [over, setOver] = useState(false)
  const [skipTagging, setSkipTagging] = useState(false)
  const file = files.length === 1 ? files[0]! : null
  const preview = useObjectUrl(file)

  /** The library and a drop replace the pick; the camera adds one more photo to it. */
  const take = (list: ArrayLike<File> | null, mode: 'replace' | 'add' = 'replace') => {
    if (!list || list.length === 0) return
    const picked = pickImages([...(mode === 'add' ? files : []), ...Array.from(list)])
    setError(picked.message)
    setFiles(picked.files)
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    // The drop's data is readable only during the event: keep its plain files for a fallback now.
    const plain = Array.from(event.dataTransfer.files)
    void droppedFiles(event.dataTransfer)
      .catch((error: unknown) => {
        console.warn('Could not read a dropped folder', error)
        return plain
      })
      .then((dropped) => take(dropped))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (files.length > 0) onUpload({ files, skipTagging })
  }

  const errorId = `${id}-error`
  return (
    <form onSubmit={submit} className={styles.form} noValidate>
      <input
        ref={library}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label="Choose photos"
        data-testid="outfit-library-input"
        onChange={(event) => {
          take(event.currentTarget.files)
          event.currentTarget.value = ''
        }}
      />
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label="Take a photo"
        data-testid="outfit-camera-input"
        onChange={(event) => {
          take(event.currentTarget.files, 'add')
          event.currentTarget.value = ''
        }}
      />
      <div
        className={[styles.drop, over ? styles.over : '', preview ? styles.hasPreview : ''].join(' ')}
        onClick={() => library.current?.click()}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="outfit-drop"
      >
        {files.length > 1 ? (
          <span className={styles.many}>
            <span className={styles.thumbs}>
              {files.slice(0, THUMBNAILS_SHOWN).map((picked, index) => (
                <Thumbnail key={`${index}-${picked.name}`} file={picked} />
              ))}
              {files.length > THUMBNAILS_SHOWN && (
                <span className={styles.more} aria-hidden="true">
                  +{files.length - THUMBNAILS_SHOWN}
                </span>
              )}
            </span>
            <strong data-testid="outfit-picked-count">
              {fillMessage(messages.batchPicked, { count: String(files.length) })}
            </strong>
          </span>
        ) : preview ? (
          <img src={preview} alt="The picked outfit photo" className={styles.preview} />
        ) : (
          <span className={styles.prompt}>
            <Icon name="shirt" size={30} />
            <strong>{messages.batchDropPrompt}</strong>
            <span>Its clothes become wardrobe items you can tag and stick on any Moori.</span>
          </span>
        )}
      </div>
      {file && <p className={styles.fileName}>{file.name}</p>}
      <div className={styles.sources}>
        <Button onClick={() => library.current?.click()}>
          <Icon name="image" size={18} />
          {files.length > 0 ? messages.batchChooseOthers : messages.batchChoose}
        </Button>
        <Button onClick={() => camera.current?.click()}>
          <Icon name="camera" size={18} />
          Take a photo
        </Button>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={skipTagging}
          onChange={(event) => setSkipTagging(event.currentTarget.checked)}
        />
        <span>
          <strong>{SKIP_TAGGING_LABEL}</strong>
          <span className={styles.checkHint}>
            The clothes are still found and cut out; you add their tags yourself.
          </span>
        </span>
      </label>
      <div className={styles.buttons}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          type="submit"
          variant="primary"
          disabled={files.length === 0}
          aria-describedby={error ? errorId : undefined}
        >
          <Icon name="upload" size={18} />
          {files.length > 1 ? fillMessage(messages.batchUpload, { count: String(files.length) }) : 'Upload'}
        </Button>
      </div>
    </form>
  )
}

function Thumbnail({ file }: { file: File }) {
  const url = useObjectUrl(file)
  return url ? <img src={url} alt="" className={styles.thumb} /> : <span className={styles.thumb} />
}
