// The polaroid modal: the whole picture, its name, message and author, previous/next through the
// wall's polaroids (newest first, the order they were added in, so it does not shift as cards are
// dragged; disabled at the ends), delete for whoever may, and the owner's editor. Closing returns to
// the page underneath, or to the wall.
import { useEffect, useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useWall } from '@/data/queries/useWall'
import { useWallItems, type WallItem } from '@/data/queries/useWallItems'
import { deletePolaroid } from '@/data/mutations/polaroids'
import { useReplica } from '@/data/ReplicaContext'
import { Button } from '@/components/Button'
import { ConfirmDialog, Dialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { Spinner } from '@/components/Spinner'
import { StoredImage } from '@/components/StoredImage'
import { useToast } from '@/components/Toasts'
import { useUndoRedo } from '@/components/useUndoRedo'
import { PolaroidEditor } from './PolaroidEditor'
import styles from './PolaroidModal.module.css'
import { messages } from '@/lib/messages'

type Polaroid = Extract<WallItem, { kind: 'polaroid' }>

/** Newest first; ties by id so every device agrees. */
function polaroidOrder(items: readonly WallItem[]): Polaroid[] {
  return items
    .filter((item): item is Polaroid => item.kind === 'polaroid')
    .sort((a, b) => b.timestamp - a.timestamp || a.id.localeCompare(b.id))
}

export function PolaroidModal({
  wallId,
  polaroidId,
  overlay,
}: {
  wallId: string
  polaroidId: string
  overlay: boolean
}) {
  const view = useWall(wallId)
  const items = useWallItems(wallId)
  const replica = useReplica()
  const toast = useToast()
  const undoRedo = useUndoRedo(wallId)
  const navigate = useNavigate()
  const location = useLocation()
  const [confirming, setConfirming] = useState(false)

  const list = useMemo(() => polaroidOrder(items ?? []), [items])
  const index = list.findIndex((p) => p.id === polaroidId)
  const polaroid = index >= 0 ? list[index]! : null
  const previous = index > 0 ? list[index - 1] : undefined
  const next = index >= 0 && index < list.length - 1 ? list[index + 1] : undefined

  const close = () => {
    if (overlay) void navigate(-1)
    else void navigate(`/wall/${wallId}`)
  }
  const go = (target: Polaroid | undefined) => {
    if (target)
      void navigate(`/wall/${wallId}/polaroid/${target.id}`, { replace: true, state: location.state as unknown })
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.target as HTMLElement).closest('input, textarea')) return
      if (event.key === 'ArrowLeft') go(previous)
      else if (event.key === 'ArrowRight') go(next)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  const remove = async () => {
    if (!polaroid) return
    try {
      await deletePolaroid(replica, polaroid.id)
      toast.success('Image deleted successfully!')
      undoRedo.announceDelete(title)
      setConfirming(false)
      close()
    } catch (error) {
      console.error('Delete refused', error)
      toast.error(messages.deleteImageFailed)
      setConfirming(false)
    }
  }

  const title = polaroid ? polaroid.name || 'Untitled polaroid' : 'Polaroid'
  const loading = items === undefined || (view.status === 'loading' && !polaroid)

  return (
    <>
      <Dialog open title={title} onClose={close} wide className={styles.dialog} passThroughBackdrop>
        {loading ? (
          <div className={styles.center}>
            <Spinner label="Loading polaroid" />
          </div>
        ) : !polaroid ? (
          <p className={styles.gone}>This polaroid is not on this Moori anymore.</p>
        ) : (
          <div className={styles.layout}>
            <div className={styles.viewer}>
              <Button
                variant="secondary"
                iconOnly
                aria-label="Previous polaroid"
                disabled={!previous}
                onClick={() => go(previous)}
                className={styles.prev}
              >
                <Icon name="back" />
              </Button>
              <div className={styles.photo}>
                <StoredImage
                  imagePath={polaroid.imagePath}
                  externalUrl={polaroid.externalUrl}
                  alt={title}
                  fit="contain"
                  fill
                  eager
                  key={polaroid.id}
                />
                {polaroid.uploadPending && <span className={styles.pending}>Waiting to upload</span>}
              </div>
              <Button
                variant="secondary"
                iconOnly
                aria-label="Next polaroid"
                disabled={!next}
                onClick={() => go(next)}
                className={styles.next}
              >
                <Icon name="next" />
              </Button>
            </div>
            <div className={styles.details}>
              {view.isOwner ? (
                <PolaroidEditor key={polaroid.id} polaroid={polaroid} />
              ) : (
                <>{polaroid.message && <p className={styles.message}>{polaroid.message}</p>}</>
              )}
              <p className={styles.meta}>
                {polaroid.username && <>Pinned by @{polaroid.username} · </>}
                {new Date(polaroid.timestamp).toLocaleDateString(undefined, { dateStyle: 'medium' })}
                {' · '}
                {index + 1} of {list.length}
              </p>
              {polaroid.canManage && (
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() => setConfirming(true)}
                  className={styles.delete}
                >
                  <Icon name="trash" size={16} />
                  Delete
                </Button>
              )}
            </div>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title="Delete this image?"
        message={`"${title}" will be removed from this Moori for everyone.`}
        confirmLabel="Delete"
        danger
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </>
  )
}
