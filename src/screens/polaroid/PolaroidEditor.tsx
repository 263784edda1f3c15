// The owner's editor for a polaroid's name and message (spec §2, §6). Save is offered once something
// changed; a rule the change breaks is shown under the fields.
import { useState, type FormEvent } from 'react'
import type { WallItem } from '@/data/queries/useWallItems'
import { editPolaroid } from '@/data/mutations/polaroids'
import { useReplica } from '@/data/ReplicaContext'
import { limits } from '@/lib/validation'
import { Button } from '@/components/Button'
import { TextField } from '@/components/TextField'
import styles from './PolaroidModal.module.css'

export function PolaroidEditor({ polaroid }: { polaroid: Extract<WallItem, { kind: 'polaroid' }> }) {
  const replica = useReplica()
  const [name, setName] = useState(polaroid.name)
  const [message, setMessage] = useState(polaroid.message)
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const changed = name.trim() !== polaroid.name || message.trim() !== polaroid.message

  const save = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await editPolaroid(replica, polaroid.id, { name, message })
      setError(null)
      setSaved(true)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught))
    }
  }

  return (
    <form className={styles.editor} onSubmit={(event) => void save(event)}>
      <TextField
        label="Name"
        value={name}
        maxLength={limits.polaroidName}
        onChange={(event) => {
          setName(event.currentTarget.value)
          setSaved(false)
        }}
      />
      <TextField
        label="Message"
        multiline
        value={message}
        maxLength={limits.polaroidMessage}
        onChange={(event) => {
          setMessage(event.currentTarget.value)
          setSaved(false)
        }}
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.editorButtons}>
        {saved && !changed && (
          <span className={styles.saved} role="status">
            Saved
          </span>
        )}
        <Button type="submit" variant="primary" disabled={!changed}>
          Save
        </Button>
      </div>
    </form>
  )
}
