// The cut-out editor (issue 26, "Fix it by hand"): Keep and Remove brushes whose strokes are hints to the
// cut-out (the worker recomputes the mask with them, so a rough stroke snaps to the garment's edge), brush
// size, zoom and pan, Before/After, Undo/Redo/Reset, and Save: the fixed cut-out becomes the item's own
// through the outbox (offline too), and the sticker it was opened from shows it. Full-screen on a phone.
// Closing with changes not saved (Cancel, Escape, the dialog's Close) asks before it discards them.
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type RefObject } from 'react'
import { Button } from '@/components/Button'
import { ConfirmDialog, Dialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { Spinner } from '@/components/Spinner'
import { useToast } from '@/components/Toasts'
import type { Stroke } from '@/data/wardrobe/cutoutClient'
import { saveEditedCutout } from '@/data/wardrobe/cutoutEditing'
import { keptStrokes, settledStroke } from '@/data/wardrobe/cutoutStrokes'
import { useReplica } from '@/data/ReplicaContext'
import { MutationError } from '@/data/replica'
import { fillMessage, messages } from '@/lib/messages'
import { CutoutCanvas, type BrushMode, type CutoutCanvasHandle } from './CutoutCanvas'
import { canRedo, canUndo, changedFrom, currentStrokes, emptyHistory, strokeHistory } from './strokeHistory'
import { useCutoutSession } from './useCutoutSession'
import styles from './CutoutEditor.module.css'

const MIN_BRUSH = 8
const MAX_BRUSH = 96
const BRUSH_STEP = 4
const DEFAULT_BRUSH = 32

export interface CutoutEditorTarget {
  itemId: string
  itemName: string
  /** A sticker of one's own made from the item: it shows the fixed cut-out too. */
  stickerId?: string | null
}

export function CutoutEditorDialog({ target, onClose }: { target: CutoutEditorTarget | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false)
  /** The open editor's say on a close: true when it asks first (changes not saved). */
  const asksFirst = useRef<(() => boolean) | null>(null)
  const requestClose = useCallback(() => {
    if (!asksFirst.current?.()) onClose()
  }, [onClose])
  return (
    <Dialog
      open={target !== null}
      title={messages.cutoutEditorTitle}
      onClose={requestClose}
      busy={busy}
      className={styles.dialog}
    >
      {target && (
        <CutoutEditor
          key={target.itemId}
          target={target}
          onClose={onClose}
          onRequestClose={requestClose}
          asksFirst={asksFirst}
          onBusy={setBusy}
        />
      )}
    </Dialog>
  )
}

const NONE: readonly Stroke[] = []

function CutoutEditor({
  target,
  onClose,
  onRequestClose,
  asksFirst,
  onBusy,
}: {
  target: CutoutEditorTarget
  /** Closes at once (after a save, or once discarding was confirmed). */
  onClose: () => void
  /** Closes, or asks first when there are changes not saved. */
  onRequestClose: () => void
  asksFirst: RefObject<(() => boolean) | null>
  onBusy: (busy: boolean) => void
}) {
  const replica = useReplica()
  const toast = useToast()
  const { state, shown, previewError, updates, previewStrokes, previewLive } = useCutoutSession(target.itemId)
  const [history, dispatch] = useReducer(strokeHistory, emptyHistory)
  const strokes = useMemo(() => currentStrokes(history), [history])
  const [mode, setMode] = useState<BrushMode>('remove')
  const [brush, setBrush] = useState(DEFAULT_BRUSH)
  const [before, setBefore] = useState(false)
  const [saving, setSaving] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const [confirming, setConfirming] = useState(false)
  const canvas = useRef<CutoutCanvasHandle>(null)
  const ready = state.status === 'ready'
  // The strokes it opened with: an earlier hand fix's, which Undo can take back one by one.
  const opened = state.status === 'ready' ? state.saved : NONE
  const [openedWith, setOpenedWith] = useState(NONE)
  if (openedWith !== opened) {
    setOpenedWith(opened)
    dispatch({ type: 'open', strokes: opened })
  }
  const changed = changedFrom(history, opened)

  useLayoutEffect(() => {
    asksFirst.current = () => {
      if (!changed) return false
      setConfirming(true)
      return true
    }
    return () => {
      asksFirst.current = null
    }
  }, [asksFirst, changed])

  useEffect(() => {
    if (ready) previewStrokes(strokes)
  }, [ready, strokes, previewStrokes])

  useEffect(() => {
    if (updates > 0) setAnnouncement(messages.cutoutUpdated)
  }, [updates])
  useEffect(() => {
    if (previewError) setAnnouncement(previewError)
  }, [previewError])

  const pending = useMemo(() => {
    const inShown = new Set(shown?.strokes ?? [])
    return strokes.filter((stroke) => !inShown.has(stroke))
  }, [strokes, shown])

  const onDrawing = useCallback((stroke: Stroke) => previewLive([...strokes, stroke]), [strokes, previewLive])
  const onStroke = useCallback((stroke: Stroke) => dispatch({ type: 'stroke', stroke: settledStroke(stroke) }), [])
  // A dropped stroke may have been previewed while drawn: show the cut-out of the kept strokes again.
  const onStrokeCancelled = useCallback(() => previewStrokes(strokes), [strokes, previewStrokes])

  const save = async () => {
    if (state.status !== 'ready' || saving) return
    setSaving(true)
    onBusy(true)
    try {
      const { session } = state
      const { png } = await session.render(strokes)
      const kept = keptStrokes(strokes, session)
      if (strokes.length > 0 && !kept) console.warn('Too many strokes to keep with the item; the cut-out is saved without them')
      await saveEditedCutout(replica, { itemId: target.itemId, png, strokes: kept, stickerId: target.stickerId })
      setAnnouncement(messages.cutoutSaved)
      toast.success(messages.cutoutSaved)
      onBusy(false)
      onClose()
    } catch (error) {
      console.error('The fixed cut-out could not be saved', error)
      const message = error instanceof MutationError ? error.message : messages.cutoutSaveFailed
      setAnnouncement(message)
      toast.error(message)
      setSaving(false)
      onBusy(false)
    }
  }

  // Keys anywhere in the open editor (focus starts on the dialog's Close button, outside this part).
  const keys = useRef<(event: globalThis.KeyboardEvent) => void>(() => undefined)
  useLayoutEffect(() => {
    keys.current = (event) => {
      if (confirming || typing(event.target)) return
      const key = event.key.toLowerCase()
      const command = event.ctrlKey || event.metaKey
      let handled = true
      if (command && key === 'z') dispatch({ type: event.shiftKey ? 'redo' : 'undo' })
      else if (command && key === 'y') dispatch({ type: 'redo' })
      else if (command || event.altKey) handled = false
      else if (key === 'k') setMode('keep')
      else if (key === 'r') setMode('remove')
      else if (key === '[') setBrush((size) => Math.max(MIN_BRUSH, size - BRUSH_STEP))
      else if (key === ']') setBrush((size) => Math.min(MAX_BRUSH, size + BRUSH_STEP))
      else if (key === '+' || key === '=') canvas.current?.zoomBy(1.25)
      else if (key === '-') canvas.current?.zoomBy(0.8)
      else if (key === '0') canvas.current?.fit()
      else handled = false
      if (handled) event.preventDefault()
    }
  })
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => keys.current(event)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const changes = strokes.length === 1 ? '1 change' : `${strokes.length} changes`
  return (
    <div className={styles.editor}>
      <div className={styles.toolbar}>
        <div role="radiogroup" aria-label={messages.cutoutBrush} className={styles.modes}>
          {(['keep', 'remove'] as const).map((value) => (
            <label key={value} className={styles.mode} data-checked={mode === value}>
              <input
                type="radio"
                name="cutout-brush"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                aria-keyshortcuts={value === 'keep' ? 'K' : 'R'}
              />
              <Icon name={value === 'keep' ? 'plus' : 'minus'} size={18} />
              {value === 'keep' ? messages.cutoutKeep : messages.cutoutRemove}
            </label>
          ))}
        </div>
        <label className={styles.size}>
          <span>{messages.cutoutBrushSize}</span>
          <input
            type="range"
            min={MIN_BRUSH}
            max={MAX_BRUSH}
            step={BRUSH_STEP}
            value={brush}
            onChange={(event) => setBrush(Number(event.target.value))}
            aria-keyshortcuts="[ ]"
          />
        </label>
        <div className={styles.actions}>
          <Button
            size="small"
            aria-pressed={before}
            onClick={() => setBefore((value) => !value)}
            disabled={!ready}
          >
            <Icon name="eye" size={18} />
            {messages.cutoutBefore}
          </Button>
          <Button size="small" iconOnly aria-label={messages.cutoutUndo} aria-keyshortcuts="Control+Z" disabled={!canUndo(history)} onClick={() => dispatch({ type: 'undo' })}>
            <Icon name="undo" size={18} />
          </Button>
          <Button size="small" iconOnly aria-label={messages.cutoutRedo} aria-keyshortcuts="Control+Shift+Z" disabled={!canRedo(history)} onClick={() => dispatch({ type: 'redo' })}>
            <Icon name="redo" size={18} />
          </Button>
          <Button size="small" disabled={strokes.length === 0} onClick={() => dispatch({ type: 'reset' })}>
            <Icon name="reset" size={18} />
            {messages.cutoutReset}
          </Button>
        </div>
      </div>
      <div className={styles.work}>
        {state.status === 'ready' && shown ? (
          <>
            <CutoutCanvas
              ref={canvas}
              width={state.session.width}
              height={state.session.height}
              image={before ? state.session.preview : shown.image}
              photo={state.session.preview}
              pending={before ? [] : pending}
              mode={mode}
              brushSize={brush}
              label={fillMessage(messages.cutoutCanvasLabel, { name: target.itemName, changes })}
              onDrawing={onDrawing}
              onStroke={onStroke}
              onStrokeCancelled={onStrokeCancelled}
            />
            <div className={styles.zoom}>
              <Button size="small" iconOnly aria-label={messages.cutoutZoomOut} onClick={() => canvas.current?.zoomBy(0.8)}>
                <Icon name="minus" size={18} />
              </Button>
              <Button size="small" iconOnly aria-label={messages.cutoutZoomIn} onClick={() => canvas.current?.zoomBy(1.25)}>
                <Icon name="plus" size={18} />
              </Button>
            </div>
          </>
        ) : state.status === 'failed' ? (
          <p className={styles.failed} role="alert">
            <Icon name="alert" size={20} />
            {state.error}
          </p>
        ) : (
          <div className={styles.loading}>
            <Spinner label={messages.cutoutPreparing} size={36} />
            <span aria-hidden="true">{messages.cutoutPreparing}</span>
          </div>
        )}
      </div>
      <p className={styles.hint}>{messages.cutoutHint}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className={styles.buttons}>
        <Button onClick={onRequestClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="primary" onClick={() => void save()} disabled={!ready || saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={messages.cutoutDiscardTitle}
        message={messages.cutoutDiscardMessage}
        confirmLabel={messages.cutoutDiscard}
        cancelLabel={messages.cutoutKeepEditing}
        danger
        onConfirm={() => {
          setConfirming(false)
          onClose()
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  )
}

/** A field that takes typed text (the brush's range and radios do not). */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || Boolean(target.closest('textarea, select, input:not([type="range"]):not([type="radio"])')))
  )
}
