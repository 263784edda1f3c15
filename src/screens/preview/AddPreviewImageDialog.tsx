// The preview's add-image form (spec §2, §5): a name and a message (both required), and a picture from
// the device or an image URL ('Image is required' when neither). The picture is shrunk like any other
// upload before it is kept in the guest database.
import { useState, type FormEvent } from 'react'
import { addPreviewPolaroid, type PreviewStore } from '@/data/mutations/preview'
import { MutationError } from '@/data/replica'
import { downscaleImage } from '@/lib/downscaleImage'
import { isImageFile } from '@/lib/pickImage'
import { isHttpUrl, limits } from '@/lib/validation'
import { messages } from '@/lib/messages'
import { Button } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { TextField } from '@/components/TextField'
import styles from './PreviewScreen.module.css'
import { usePreloadDownscaler } from '@/components/usePreloadDownscaler'

interface Errors {
  name?: string
  message?: string
  image?: string
  form?: string
}

export function AddPreviewImageDialog({ open, store, onClose }: { open: boolean; store: PreviewStore; onClose: () => void }) {
  usePreloadDownscaler()
  return (
    <Dialog open={open} title="Add an image" onClose={onClose}>
      {open && <AddForm store={store} onDone={onClose} />}
    </Dialog>
  )
}

function AddForm({ store, onDone }: { store: PreviewStore; onDone: () => void }) {
  const [name, setName] = useState('')
  const [message, setMessage] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [url, setUrl] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [saving, setSaving] = useState(false)

  const check = (): Errors => {
    const found: Errors = {}
    if (!name.trim()) found.name = messages.nameRequired
    else if (name.trim().length > limits.polaroidName) found.name = messages.nameTooLong
    if (!message.trim()) found.message = messages.messageRequired
    if (file && !isImageFile(file)) found.image = messages.onlyImages
    else if (!file && !url.trim()) found.image = messages.imageRequired
    else if (!file && !isHttpUrl(url.trim())) found.image = messages.invalidImageUrl
    return found
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = check()
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    try {
      const image = file ? await downscaleImage(file) : null
      await addPreviewPolaroid(store, { name, message, image, externalUrl: file ? null : url })
      onDone()
    } catch (error) {
      setErrors({ form: error instanceof MutationError ? error.message : messages.uploadImageFailed })
      setSaving(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField label="Name" value={name} error={errors.name} maxLength={limits.polaroidName} onChange={(e) => setName(e.currentTarget.value)} />
      <TextField label="Message" multiline value={message} error={errors.message} onChange={(e) => setMessage(e.currentTarget.value)} />
      <div className={styles.fileField}>
        <label className={styles.fileLabel} htmlFor="preview-image-file">
          Image
        </label>
        <input
          id="preview-image-file"
          type="file"
          accept="image/*"
          className={styles.file}
          aria-invalid={errors.image ? true : undefined}
          aria-describedby={errors.image ? 'preview-image-error' : undefined}
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
      </div>
      <TextField
        label="…or an image URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={url}
        disabled={Boolean(file)}
        onChange={(e) => setUrl(e.currentTarget.value)}
      />
      {errors.image && (
        <p id="preview-image-error" className={styles.error} role="alert">
          {errors.image}
        </p>
      )}
      {errors.form && (
        <p className={styles.error} role="alert">
          {errors.form}
        </p>
      )}
      <div className={styles.formButtons}>
        <Button onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Adding...' : 'Add to preview'}
        </Button>
      </div>
    </form>
  )
}
