// The image upload dialog (spec §2, §5): drop one image, pick it from the library or take it with the
// camera (a phone opens its camera straight away), optionally name it and add a message. Anything that is not an image (a PDF, say) is refused with the spec's message before
// anything is stored. Submitting hands the file to the screen, which shows a placeholder card while
// the picture is shrunk and saved.
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { pickImage } from '@/lib/pickImage'
import { limits } from '@/lib/validation'
import { messages } from '@/lib/messages'
import { Button } from './Button'
import { Dialog } from './Dialog'
import { Icon } from './Icon'
import { TextField } from './TextField'
import { useObjectUrl } from './useObjectUrl'
import styles from './UploadDialog.module.css'

export interface UploadRequest {
  file: File
  name: string
  message: string
}

export function UploadDialog({
  open,
  onClose,
  onSubmit,
  title = 'Upload an image',
  initialFile = null,
}: {
  open: boolean
  onClose: () => void
  onSubmit: (request: UploadRequest) => void
  title?: string
  /** A photo that is already chosen (one shared to Moori from another app). */
  initialFile?: File | null
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {open && <UploadForm onCancel={onClose} onSubmit={onSubmit} initialFile={initialFile} />}
    </Dialog>
  )
}

function UploadForm({
  onCancel,
  onSubmit,
  initialFile,
}: {
  onCancel: () => void
  onSubmit: (request: UploadRequest) => void
  initialFile: File | null
}) {
  const inputId = useId()
  const library = useRef<HTMLInputElement>(null)
  const camera = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(initialFile)
  const [error, setError] = useState<string | null>(null)
  const [over, setOver] = useState(false)
  const [name, setName] = useState('')
  const [message, setMessage] = useState('')

  const preview = useObjectUrl(file)

  const take = (files: FileList | null) => {
    if (!files) return
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
    if (!file) {
      setError(messages.onlyImages)
      return
    }
    onSubmit({ file, name: name.trim(), message: message.trim() })
  }

  const tooLong = name.length > limits.polaroidName || message.length > limits.polaroidMessage

  return (
    <form onSubmit={submit} className={styles.form} noValidate>
      <input
        ref={library}
        id={inputId}
        type="file"
        accept="image/*"
        className="visually-hidden"
        aria-label="Choose an image"
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => take(event.currentTarget.files)}
      />
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label="Take a photo"
        data-testid="upload-camera-input"
        onChange={(event) => {
          take(event.currentTarget.files)
          event.currentTarget.value = ''
        }}
      />
      <label
        htmlFor={inputId}
        className={[styles.drop, over ? styles.over : '', preview ? styles.hasPreview : ''].join(' ')}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="upload-drop"
      >
        {preview ? (
          <img src={preview} alt="The picked image" className={styles.preview} />
        ) : (
          <span className={styles.prompt}>
            <Icon name="image" size={30} />
            <strong>Drop an image here</strong>
            <span>or click to choose one</span>
          </span>
        )}
      </label>
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
        <p id={`${inputId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <TextField
        label="Name (optional)"
        value={name}
        maxLength={limits.polaroidName}
        error={name.length > limits.polaroidName ? messages.nameTooLong : null}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <TextField
        label="Message (optional)"
        multiline
        value={message}
        maxLength={limits.polaroidMessage}
        error={message.length > limits.polaroidMessage ? messages.messageTooLong : null}
        onChange={(event) => setMessage(event.currentTarget.value)}
      />
      <div className={styles.buttons}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={!file || tooLong}>
          <Icon name="upload" size={18} />
          Upload
        </Button>
      </div>
    </form>
  )
}
