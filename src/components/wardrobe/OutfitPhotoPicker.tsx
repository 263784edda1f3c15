// Picking an outfit photo (spec §2 Upload Product, §5, §7): one image, dropped, chosen from the library
// or taken with the camera, previewed, with the 'Skip AI tagging' checkbox that becomes the job's
// skip_ai_tagging. Anything that is not an image is refused with the spec's message before anything is
// kept. Submitting hands the file to the upload flow, which shrinks and stores it.
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { pickImage } from '@/lib/pickImage'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { useObjectUrl } from '@/components/useObjectUrl'
import styles from './OutfitPhotoPicker.module.css'

const SKIP_TAGGING_LABEL = 'Skip AI tagging'

export interface OutfitPick {
  file: File
  skipTagging: boolean
}

export function OutfitPhotoPicker({
  initialFile,
  onCancel,
  onUpload,
}: {
  initialFile: File | null
  onCancel: () => void
  onUpload: (pick: OutfitPick) => void
}) {
  const id = useId()
  const library = useRef<HTMLInputElement>(null)
  const camera = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(initialFile)
  const [error, setError] = useState<string | null>(null)
  const [over, setOver] = useState(false)
  const [skipTagging, setSkipTagging] = useState(false)
  const preview = useObjectUrl(file)

  const take = (files: FileList | null) => {
    if (!files || files.length === 0) return
    const picked = pickImage(files)
    if (!picked.ok) {
      setError(picked.message)
      setFile(null)
      return
    }
    setError(null)
    setFile(files[picked.index]!)
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    take(event.dataTransfer.files)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (file) onUpload({ file, skipTagging })
  }

  const errorId = `${id}-error`
  return (
    <form onSubmit={submit} className={styles.form} noValidate>
      <input
        ref={library}
        type="file"
        accept="image/*"
        hidden
        aria-label="Choose a photo"
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
          take(event.currentTarget.files)
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
        {preview ? (
          <img src={preview} alt="The picked outfit photo" className={styles.preview} />
        ) : (
          <span className={styles.prompt}>
            <Icon name="shirt" size={30} />
            <strong>Drop an outfit photo here</strong>
            <span>Its clothes become wardrobe items you can tag and stick on any Moori.</span>
          </span>
        )}
      </div>
      {file && <p className={styles.fileName}>{file.name}</p>}
      <div className={styles.sources}>
        <Button onClick={() => library.current?.click()}>
          <Icon name="image" size={18} />
          {file ? 'Choose another' : 'Choose a photo'}
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
          disabled={!file}
          aria-describedby={error ? errorId : undefined}
        >
          <Icon name="upload" size={18} />
          Upload
        </Button>
      </div>
    </form>
  )
}
