// The wall's floating buttons (spec §2): Upload and Wardrobe import for signed-in visitors; Make Public /
// Make Private and Delete for the owner; Share for everyone.
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { WallRow } from '@/data/model/rows'
import { deleteWall, setWallPrivacy } from '@/data/mutations/walls'
import { useReplica } from '@/data/ReplicaContext'
import { Button } from '@/components/Button'
import { ConfirmDialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { useToast } from '@/components/Toasts'
import { copyText } from './copyText'
import styles from './WallActions.module.css'
import { messages } from '@/lib/messages'

export const SHARE_COPIED = 'Share link copied to clipboard!'
export const PRIVACY_FAILED = messages.privacyFailed
export const DELETE_WALL_FAILED = messages.deleteWallFailed

export function WallActions({
  wall,
  isOwner,
  signedIn,
  onUpload,
  onWardrobeImport,
}: {
  wall: WallRow
  isOwner: boolean
  signedIn: boolean
  onUpload: () => void
  onWardrobeImport: () => void
}) {
  const replica = useReplica()
  const toast = useToast()
  const navigate = useNavigate()
  const [updating, setUpdating] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [deleting, setDeleting] = useState(false)

  const togglePrivacy = async () => {
    setUpdating(true)
    try {
      await setWallPrivacy(replica, wall.id, !wall.private)
    } catch (error) {
      console.error('Privacy change refused', error)
      toast.error(PRIVACY_FAILED)
    } finally {
      setUpdating(false)
    }
  }

  const share = async () => {
    const link = `${window.location.origin}/wall/${wall.id}`
    if (await copyText(link)) toast.success(SHARE_COPIED)
    else toast.show(link)
  }

  const remove = async () => {
    setDeleting(true)
    try {
      await deleteWall(replica, wall.id)
      toast.success(`Moori "${wall.name}" deleted successfully.`)
      void navigate('/', { replace: true })
    } catch (error) {
      console.error('Delete refused', error)
      toast.error(DELETE_WALL_FAILED)
      setDeleting(false)
      setConfirming(false)
    }
  }

  return (
    <>
      <div className={styles.actions} role="toolbar" aria-label="Moori actions">
        {signedIn && (
          <Button variant="accent" onClick={onUpload} className={styles.primary}>
            <Icon name="upload" size={18} />
            <span>Upload</span>
          </Button>
        )}
        {signedIn && (
          <Button onClick={onWardrobeImport} aria-label="Wardrobe import">
            <Icon name="shirt" size={18} />
            <span>Wardrobe</span>
          </Button>
        )}
        {isOwner && (
          <Button onClick={() => void togglePrivacy()} disabled={updating}>
            <Icon name={wall.private ? 'globe' : 'lock'} size={18} />
            <span>{updating ? 'Updating...' : wall.private ? 'Make Public' : 'Make Private'}</span>
          </Button>
        )}
        <Button onClick={() => void share()}>
          <Icon name="share" size={18} />
          <span>Share</span>
        </Button>
        {isOwner && (
          <Button variant="ghost" onClick={() => setConfirming(true)} className={styles.delete}>
            <Icon name="trash" size={18} />
            <span>Delete</span>
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this Moori?"
        message={`"${wall.name}" and everything on it will be deleted for everyone. This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </>
  )
}
