// The wall's floating buttons (spec §2): Upload and Wardrobe import for signed-in visitors; Make Public /
// Make Private and Delete for the owner; Share for everyone. On a phone Upload is the one button in
// thumb reach and the others wait in a sheet behind 'More actions'; larger screens keep the stack.
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { WallRow } from '@/data/model/rows'
import { deleteWall, setWallPrivacy } from '@/data/mutations/walls'
import { useReplica } from '@/data/ReplicaContext'
import { ActionSheet, type SheetAction } from '@/components/ActionSheet'
import { Button } from '@/components/Button'
import { ConfirmDialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { useToast } from '@/components/Toasts'
import { usePhoneLayout } from '@/components/usePhoneLayout'
import { copyText } from './copyText'
import styles from './WallActions.module.css'
import { messages } from '@/lib/messages'

const SHARE_COPIED = 'Share link copied to clipboard!'
const PRIVACY_FAILED = messages.privacyFailed
const DELETE_WALL_FAILED = messages.deleteWallFailed

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
  const [sheetOpen, setSheetOpen] = useState(false)
  const phone = usePhoneLayout()

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
    // A phone's own share sheet (messages, mail, …) when it has one; otherwise the link is copied.
    if (phone && navigator.share) {
      try {
        await navigator.share({ title: wall.name, url: link })
        return
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
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

  const privacyLabel = updating ? 'Updating...' : wall.private ? 'Make Public' : 'Make Private'
  const privacyIcon = wall.private ? 'globe' : 'lock'
  const others: SheetAction[] = [
    ...(signedIn ? [{ label: 'Wardrobe import', icon: 'shirt' as const, onSelect: onWardrobeImport }] : []),
    ...(isOwner
      ? [{ label: privacyLabel, icon: privacyIcon, onSelect: () => void togglePrivacy(), disabled: updating } as const]
      : []),
    { label: 'Share', icon: 'share', onSelect: () => void share() },
    ...(isOwner ? [{ label: 'Delete', icon: 'trash' as const, danger: true, onSelect: () => setConfirming(true) }] : []),
  ]

  const toolbar = phone ? (
    <div className={styles.phone} role="toolbar" aria-label="Moori actions">
      {others.length > 1 ? (
        <Button iconOnly onClick={() => setSheetOpen(true)} aria-label="More actions" aria-haspopup="dialog" className={styles.more}>
          <Icon name="more" size={22} />
        </Button>
      ) : (
        <Button onClick={() => void share()} className={styles.more}>
          <Icon name="share" size={18} />
          <span>Share</span>
        </Button>
      )}
      {signedIn && (
        <Button variant="accent" onClick={onUpload} className={styles.fab}>
          <Icon name="upload" size={22} />
          <span>Upload</span>
        </Button>
      )}
    </div>
  ) : (
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
          <Icon name={privacyIcon} size={18} />
          <span>{privacyLabel}</span>
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
  )

  return (
    <>
      {toolbar}
      {phone && <ActionSheet open={sheetOpen} title="Moori actions" onClose={() => setSheetOpen(false)} actions={others} />}
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
