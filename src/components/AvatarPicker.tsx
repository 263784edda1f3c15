// Choosing a profile picture: a real file input behind a labelled round preview. The picked image is
// handed back as is; callers shrink it (800 px, JPEG 0.7) before saving.
import { useId } from 'react'
import { Avatar } from './Avatar'
import { Icon } from './Icon'
import { useObjectUrl } from './useObjectUrl'
import styles from './AvatarPicker.module.css'

export function AvatarPicker({
  name,
  currentUrl,
  file,
  onPick,
  label = 'Choose a profile picture',
  size = 96,
  disabled,
}: {
  name: string
  currentUrl?: string | null
  file?: Blob | null
  onPick: (file: File) => void
  label?: string
  size?: number
  disabled?: boolean
}) {
  const id = useId()
  const preview = useObjectUrl(file)
  return (
    <div className={styles.picker}>
      <input
        id={id}
        type="file"
        accept="image/*"
        className={styles.input}
        disabled={disabled}
        onChange={(event) => {
          const picked = event.target.files?.[0]
          event.target.value = ''
          if (picked) onPick(picked)
        }}
      />
      <label htmlFor={id} className={styles.label} style={{ width: size, height: size }}>
        <Avatar src={preview ?? currentUrl} name={name || '?'} size={size} />
        <span className={styles.badge} aria-hidden="true">
          <Icon name="camera" size={16} />
        </span>
        <span className="visually-hidden">{label}</span>
      </label>
    </div>
  )
}
