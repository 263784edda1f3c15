// The wall's items on the shared canvas: polaroids and stickers from the replica (plus a placeholder
// while a photo is being prepared), draggable by whoever may move them (creator or wall owner), with
// their open and delete controls. Drops and arrow-key moves are saved as position changes; a change
// the replica refuses snaps back with the spec's message.
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { CanvasView, type RemoteDragFeed } from '@/canvas/CanvasView'
import type { Camera } from '@/canvas/Camera'
import type { ItemPosition } from '@/canvas/gestures'
import { useWallItemsSelect, type WallItem, type WallItemsStore } from '@/data/queries/useWallItems'
import { movePolaroid } from '@/data/mutations/polaroids'
import { moveSticker } from '@/data/mutations/stickers'
import { useReplica } from '@/data/ReplicaContext'
import { Icon } from '@/components/Icon'
import { POLAROID_CARD, PolaroidCard, PolaroidSkeleton } from '@/components/PolaroidCard'
import { STICKER_CARD, StickerCard } from '@/components/StickerCard'
import { useToast } from '@/components/Toasts'
import styles from './WallCanvas.module.css'
import { messages } from '@/lib/messages'
import { wallPhotoSizes } from '@/canvas/photoSizes'

type Placed = { width: number; height: number; draggable: boolean; label: string }
export type WallCanvasItem =
  (WallItem & Placed) | ({ kind: 'skeleton'; id: string; x: number; y: number; zIndex: number } & Placed)

const SKELETON_ID = '__uploading__'

export function itemTitle(item: WallItem): string {
  return item.name || (item.kind === 'polaroid' ? 'Untitled polaroid' : 'Sticker')
}

/** Looked up when an item is moved or opened (rare), rather than kept in a map rebuilt on every change. */
function kindOf(store: WallItemsStore, id: string): WallItem['kind'] | undefined {
  return store.getSnapshot()?.find((item) => item.id === id)?.kind
}

/** An item with its footprint, whether the user may drag it, and what a screen reader calls it. */
function placeItem(item: WallItem, canMove: boolean): WallCanvasItem {
  const title = itemTitle(item)
  return item.kind === 'polaroid'
    ? {
        ...item,
        width: POLAROID_CARD.width,
        height: POLAROID_CARD.height,
        draggable: canMove && item.canManage,
        label: `Polaroid: ${title}${item.username ? ` by ${item.username}` : ''}`,
      }
    : {
        ...item,
        width: STICKER_CARD.size,
        height: STICKER_CARD.size,
        draggable: canMove && item.canManage,
        label: `Sticker: ${title}`,
      }
}

const listOf = (items: WallItem[] | undefined): WallItem[] => items ?? NO_ITEMS
const NO_ITEMS: WallItem[] = []

export function WallCanvas({
  camera,
  itemsStore,
  uploading,
  canMove,
  photosSized,
  onOpen,
  onDelete,
  onFixCutout,
  ownItemIds,
  onLongPress,
  onDragStep,
  remoteDrags,
  renderRemoteChip,
  children,
}: {
  camera: Camera
  itemsStore: WallItemsStore
  uploading: boolean
  /** Signed in: items the user manages may move. */
  canMove: boolean
  /** The wall is public, so Storage renders its photos' smaller sizes for anyone (a private wall's are
   * rendered only for readers the request names, and an <img> names nobody): shown whole otherwise. */
  photosSized: boolean
  onOpen: (id: string) => void
  onDelete: (item: WallItem) => void
  /** Opens the cut-out editor on a sticker of one's own made from one's own item (`ownItemIds`). */
  onFixCutout?: (item: WallItem) => void
  ownItemIds?: ReadonlySet<string>
  /** A finger held a card still (phones have no hover): show its actions. */
  onLongPress?: (id: string) => void
  onDragStep?: (id: string, position: { x: number; y: number } | null) => void
  remoteDrags?: RemoteDragFeed
  renderRemoteChip?: (by: string) => ReactNode
  children?: ReactNode
}) {
  const items = useWallItemsSelect(itemsStore, listOf)
  const replica = useReplica()
  const userId = replica.userId
  const toast = useToast()
  const handlers = useRef({ onOpen, onDelete, onFixCutout })
  useLayoutEffect(() => {
    handlers.current = { onOpen, onDelete, onFixCutout }
  }, [onOpen, onDelete, onFixCutout])
  const canFixCutout = Boolean(onFixCutout)

  // Placed once per item object: the wall's store hands out a new object only for an item that changed,
  // so after a drop the canvas sees one new item and every other card skips rendering.
  const [placedCache] = useState(() => new WeakMap<WallItem, { canMove: boolean; place: WallCanvasItem }>())
  const canvasItems = useMemo<WallCanvasItem[]>(() => {
    const placed: WallCanvasItem[] = items.map((item) => {
      const cached = placedCache.get(item)
      if (cached?.canMove === canMove) return cached.place
      const place = placeItem(item, canMove)
      placedCache.set(item, { canMove, place })
      return place
    })
    if (uploading) {
      const top = items.reduce((z, item) => Math.max(z, item.zIndex), 0)
      placed.push({
        kind: 'skeleton',
        id: SKELETON_ID,
        x: 0,
        y: 0,
        zIndex: top + 1,
        width: POLAROID_CARD.width,
        height: POLAROID_CARD.height,
        draggable: false,
        label: 'Uploading image',
      })
    }
    return placed
  }, [items, uploading, canMove, placedCache])

  const onMove = useCallback(
    async (id: string, position: ItemPosition) => {
      const kind = kindOf(itemsStore, id)
      try {
        if (kind === 'polaroid') await movePolaroid(replica, id, position)
        else if (kind === 'sticker') await moveSticker(replica, id, position)
        else throw new Error('Unknown item')
      } catch (error) {
        toast.error(messages.moveFailed)
        throw error
      }
    },
    [replica, toast, itemsStore],
  )

  const renderItem = useCallback((item: WallCanvasItem) => {
    if (item.kind === 'skeleton') return <PolaroidSkeleton />
    const title = itemTitle(item)
    const remove = item.canManage ? (
      <button
        type="button"
        className={styles.action}
        aria-label={`Delete ${title}`}
        onClick={(event) => {
          event.stopPropagation()
          handlers.current.onDelete(item)
        }}
      >
        <Icon name="trash" size={18} />
      </button>
    ) : null
    if (item.kind === 'sticker') {
      const fixable =
        canFixCutout && item.createdBy === userId && item.originalItemId !== null && ownItemIds?.has(item.originalItemId)
      const fix = fixable ? (
        <button
          type="button"
          className={styles.action}
          aria-label={`${messages.fixCutout}: ${title}`}
          onClick={(event) => {
            event.stopPropagation()
            handlers.current.onFixCutout?.(item)
          }}
        >
          <Icon name="edit" size={18} />
        </button>
      ) : null
      return (
        <StickerCard
          imagePath={item.imagePath}
          name={title}
          uploadPending={item.uploadPending}
          waitingForCutout={item.needsCutout && item.createdBy === userId}
          actions={
            fix ? (
              <>
                {fix}
                {remove}
              </>
            ) : (
              remove
            )
          }
        />
      )
    }
    return (
      <PolaroidCard
        name={item.name}
        message={item.message}
        timestamp={item.timestamp}
        imagePath={item.imagePath}
        externalUrl={item.externalUrl}
        username={item.username}
        uploadPending={item.uploadPending}
        photoSizes={photosSized ? wallPhotoSizes(camera) : undefined}
        onOpen={() => handlers.current.onOpen(item.id)}
        actions={
          <>
            <button
              type="button"
              className={styles.action}
              aria-label={`Open ${title}`}
              onClick={(event) => {
                event.stopPropagation()
                handlers.current.onOpen(item.id)
              }}
            >
              <Icon name="image" size={18} />
            </button>
            {remove}
          </>
        }
      />
    )
  }, [userId, camera, photosSized, canFixCutout, ownItemIds])

  const openItem = useCallback(
    (id: string) => {
      if (kindOf(itemsStore, id) === 'polaroid') handlers.current.onOpen(id)
    },
    [itemsStore],
  )

  return (
    <CanvasView
      camera={camera}
      items={canvasItems}
      renderItem={renderItem}
      onMove={onMove}
      onOpen={openItem}
      onLongPress={onLongPress}
      onDragStep={onDragStep}
      remoteDrags={remoteDrags}
      renderRemoteChip={renderRemoteChip}
      label="Moori canvas"
    >
      {children}
    </CanvasView>
  )
}
