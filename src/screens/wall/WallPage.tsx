// The wall page (/wall/{wallId}, spec §2): header, the canvas with zoom controls, the floating actions,
// the owner's assistant panel, the upload dialog with its placeholder card, wardrobe import (with
// stickers made offline cut out once online), and item deletion (a long press on a card shows its
// actions). The controls sit in two rows over the canvas, so none covers another at any size. Live
// changes by others arrive through the replica and simply re-render. Also drawn behind the polaroid
// modal when that route is opened directly.
import { useCallback, useLayoutEffect, useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useCamera } from '@/canvas/useCamera'
import { ZoomControls } from '@/canvas/ZoomControls'
import { deletePolaroid } from '@/data/mutations/polaroids'
import { deleteSticker } from '@/data/mutations/stickers'
import { useWall } from '@/data/queries/useWall'
import {
  sameElements,
  useWallItemsSelect,
  useWallItemsStore,
  type WallItem,
} from '@/data/queries/useWallItems'
import { useReplica } from '@/data/ReplicaContext'
import { useAccount } from '@/auth/useAccount'
import { ActionSheet, type SheetAction } from '@/components/ActionSheet'
import { Button } from '@/components/Button'
import { ConfirmDialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { PageSpinner } from '@/components/Spinner'
import { StateMessage } from '@/components/StateMessage'
import { useToast } from '@/components/Toasts'
import { UploadDialog } from '@/components/UploadDialog'
import { useUploadPolaroid } from '@/components/useUploadPolaroid'
import { useSharedPhoto, wantsSharedPhoto } from '@/components/useSharedPhoto'
import { useSignInDialog } from '@/components/useSignInDialog'
import { SyncStatusChip } from '@/components/SyncStatusChip'
import { usePhoneLayout } from '@/components/usePhoneLayout'
import { useUndoRedo } from '@/components/useUndoRedo'
import { useToastClearance } from '@/components/useToastClearance'
import { AssistantPanel } from './AssistantPanel'
import { UndoControls } from './UndoControls'
import { WallActions } from './WallActions'
import { WallCanvas, itemTitle } from './WallCanvas'
import { WallHeader } from './WallHeader'
import { usePresence } from '@/data/queries/usePresence'
import { useSession } from '@/auth/SessionContext'
import { DraggerChip } from '@/components/PresenceStack'
import { MooriNotFound } from '@/components/MooriNotFound'
import { useAutoLayout } from './useAutoLayout'
import { useCutOutLater } from '@/components/wardrobe/useCutOutLater'
import { useWardrobeImport } from '@/components/wardrobe/useWardrobeImport'
import { WardrobeImportDialog } from '@/components/wardrobe/WardrobeImportDialog'
import { CutoutEditorLauncher, type CutoutEditorTarget } from '@/components/wardrobe/cutoutEditor/CutoutEditorLauncher'
import { useOwnWardrobeItemIds } from '@/data/wardrobe/cutoutEditing'
import styles from './WallPage.module.css'
import { messages } from '@/lib/messages'
import { firstScreenRendered } from '@/lib/afterFirstScreen'
import { markBoot } from '@/lib/bootMarks'

// What the page itself reads of the wall's items; the canvas reads the list. A drop changes none of
// these, so it re-renders the canvas and the one card, not the page.
const countOf = (items: WallItem[] | undefined) => items?.length
const stickersOf = (items: WallItem[] | undefined) => (items ?? []).filter((item) => item.kind === 'sticker')

export function WallPage({ wallId }: { wallId: string }) {
  const view = useWall(wallId)
  const itemsStore = useWallItemsStore(wallId)
  const count = useWallItemsSelect(itemsStore, countOf)
  // The wall is shown with what the device has: background work (the workers) may start now.
  const read = count !== undefined
  useLayoutEffect(() => {
    if (!read) return
    markBoot('wall-rendered')
    firstScreenRendered()
  }, [read])
  const account = useAccount()
  const replica = useReplica()
  const toast = useToast()
  const navigate = useNavigate()
  const location = useLocation()
  const camera = useCamera()
  const bottomRow = useToastClearance()
  const { uploading, upload } = useUploadPolaroid(wallId)
  const undoRedo = useUndoRedo(wallId)
  const [uploadOpen, setUploadOpen] = useState(false)
  const [importOpen, setImportOpen] = useState(false)
  const [deleting, setDeleting] = useState<WallItem | null>(null)
  const [actionsFor, setActionsFor] = useState<string | null>(null)
  const phone = usePhoneLayout()
  const [busy, setBusy] = useState(false)
  const signedIn = account.status === 'signedIn'
  const signIn = useSignInDialog()
  // Arrived from /share: the upload dialog opens with the shared photo until it is added or dismissed.
  const sharing = signedIn && wantsSharedPhoto(location.state)
  const shared = useSharedPhoto(sharing)
  const sharedFile = sharing && shared.status === 'ready' ? shared.file : null
  const finishSharing = () => {
    if (!sharing) return
    void shared.forget()
    void navigate(location.pathname, { replace: true, state: null })
  }

  // Who else is here (issue 16): their avatars in the header, the cards they drag.
  const session = useSession()
  const profile = account.profile
  const presence = usePresence(wallId, {
    userId: account.user?.id ?? null,
    accessToken: session.accessToken,
    hidden: profile !== null && 'hidePresence' in profile && profile.hidePresence === true,
    enabled: Boolean(view.wall) && session.status !== 'loading',
  })
  const peersByKey = useMemo(() => new Map(presence.peers.map((peer) => [peer.key, peer])), [presence.peers])
  const renderRemoteChip = useCallback((by: string) => <DraggerChip peer={peersByKey.get(by)} />, [peersByKey])

  useAutoLayout(itemsStore, view.isOwner, view.pulled, uploading)

  const stickers = useWallItemsSelect(itemsStore, stickersOf, sameElements)
  const ownItemIds = useOwnWardrobeItemIds()
  const [fixing, setFixing] = useState<CutoutEditorTarget | null>(null)
  const fixCutout = useCallback(
    (item: WallItem) =>
      item.kind === 'sticker' && item.originalItemId
        ? setFixing({ itemId: item.originalItemId, itemName: itemTitle(item), stickerId: item.id })
        : undefined,
    [],
  )
  const canFixCutout = (item: WallItem) =>
    item.kind === 'sticker' && item.createdBy === account.user?.id && item.originalItemId !== null && ownItemIds.has(item.originalItemId)
  const wardrobeImport = useWardrobeImport(wallId, stickers)
  useCutOutLater(wallId, signedIn, stickers)

  const open = useCallback(
    (id: string) =>
      void navigate(`/wall/${wallId}/polaroid/${id}`, {
        state: { background: { ...location, state: null } },
      }),
    [navigate, wallId, location],
  )

  const selectPressed = useCallback(
    (items: WallItem[] | undefined) => items?.find((item) => item.id === actionsFor) ?? null,
    [actionsFor],
  )
  const pressed = useWallItemsSelect(itemsStore, selectPressed)

  const confirmDelete = async () => {
    if (!deleting) return
    const isPolaroid = deleting.kind === 'polaroid'
    setBusy(true)
    try {
      if (isPolaroid) await deletePolaroid(replica, deleting.id)
      else await deleteSticker(replica, deleting.id)
      toast.success(isPolaroid ? 'Image deleted successfully!' : 'Sticker deleted successfully!')
      undoRedo.announceDelete(itemTitle(deleting))
    } catch (error) {
      console.error('Delete refused', error)
      toast.error(isPolaroid ? messages.deleteImageFailed : messages.deleteStickerFailed)
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  if (view.status === 'missing') return <MooriNotFound />
  if (view.status === 'error' && !view.wall) {
    return (
      <main id="main" className={styles.message}>
        <StateMessage
          title="Failed to load polaroids"
          tone="error"
          action={
            <Button variant="primary" onClick={() => replica.sync.resume?.()}>
              {messages.tryAgain}
            </Button>
          }
        >
          This Moori could not be loaded. Check your connection and try again.
        </StateMessage>
      </main>
    )
  }
  if (!view.wall) return <PageSpinner label="Loading Moori" />

  const wall = view.wall
  const empty = count === 0 && !uploading
  const itemActions = (item: WallItem): SheetAction[] => [
    ...(item.kind === 'polaroid' ? [{ label: 'Open', icon: 'image' as const, onSelect: () => open(item.id) }] : []),
    ...(canFixCutout(item) ? [{ label: messages.fixCutout, icon: 'edit' as const, onSelect: () => fixCutout(item) }] : []),
    ...(item.canManage ? [{ label: 'Delete', icon: 'trash' as const, danger: true, onSelect: () => setDeleting(item) }] : []),
  ]
  const showActions = (id: string) => {
    const item = itemsStore.getSnapshot()?.find((i) => i.id === id)
    if (item && itemActions(item).length > 0) setActionsFor(id)
  }

  return (
    <div className={styles.page}>
      <WallHeader view={view} peers={presence.peers} onRetryPresence={presence.failed ? presence.retry : undefined} />
      <main id="main" className={styles.stage}>
        <WallCanvas
          camera={camera}
          itemsStore={itemsStore}
          uploading={uploading}
          canMove={signedIn}
          photosSized={!wall.private}
          onOpen={open}
          onDelete={setDeleting}
          onFixCutout={signedIn ? fixCutout : undefined}
          ownItemIds={ownItemIds}
          onLongPress={showActions}
          onDragStep={presence.dragMoved}
          remoteDrags={presence.drags}
          renderRemoteChip={renderRemoteChip}
        >
          {empty && (
            <div className={styles.empty}>
              <StateMessage title="This Moori is empty!" headingLevel={2}>
                {signedIn
                  ? 'Upload the first image to start the collage.'
                  : 'Nothing has been pinned here yet.'}
              </StateMessage>
            </div>
          )}
        </WallCanvas>
        {count === undefined && (
          <div className={styles.loading}>
            <PageSpinner label="Loading polaroids" />
          </div>
        )}
        <div className={styles.controls}>
          <div className={styles.top}>
            {phone && signedIn && (
              <span className={styles.status}>
                <SyncStatusChip compact="short" />
              </span>
            )}
            {!signedIn && (
              <div className={styles.guest}>
                <Button variant="secondary" size="small" onClick={() => signIn.open('signIn')}>
                  <Icon name="user" size={16} />
                  Sign in to add images
                </Button>
              </div>
            )}
            {view.isOwner && <AssistantPanel className={styles.assistant} />}
          </div>
          <div className={styles.bottom} ref={bottomRow}>
            <div className={styles.tools}>
              {signedIn && <UndoControls wallId={wallId} undoRedo={undoRedo} />}
              <ZoomControls camera={camera} className={styles.zoom} />
            </div>
            <WallActions
              wall={wall}
              isOwner={view.isOwner}
              signedIn={signedIn}
              onUpload={() => setUploadOpen(true)}
              onWardrobeImport={() => setImportOpen(true)}
            />
          </div>
        </div>
      </main>
      {!signedIn && signIn.dialog}
      <UploadDialog
        open={uploadOpen || sharedFile !== null}
        initialFile={sharedFile}
        title={sharedFile ? 'Add the shared photo' : undefined}
        onClose={() => {
          setUploadOpen(false)
          finishSharing()
        }}
        onSubmit={(request) => {
          setUploadOpen(false)
          finishSharing()
          void upload(request).then((id) => {
            if (id) open(id)
          })
        }}
      />
      {signedIn && (
        <WardrobeImportDialog
          open={importOpen}
          onClose={() => setImportOpen(false)}
          selections={wardrobeImport.selections}
          notes={wardrobeImport.notes}
          onToggle={(itemId) => void wardrobeImport.toggle(itemId)}
        />
      )}
      <CutoutEditorLauncher target={fixing} onClose={() => setFixing(null)} />
      <ActionSheet
        open={pressed !== null}
        title={pressed ? itemTitle(pressed) : ''}
        onClose={() => setActionsFor(null)}
        actions={pressed ? itemActions(pressed) : []}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === 'sticker' ? 'Delete this sticker?' : 'Delete this image?'}
        message={deleting ? `"${itemTitle(deleting)}" will be removed from this Moori for everyone.` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busy}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  )
}
