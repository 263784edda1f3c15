// Undo and redo beside the zoom controls (phone and desktop), each named for what it will take back
// ("Undo move of 'Sage slip dress'") and disabled when there is nothing; plus the keyboard: Ctrl/Cmd+Z,
// Ctrl/Cmd+Shift+Z and Ctrl+Y, except while typing in a field or with a dialog open.
import { useEffect, useRef } from 'react'
import { Icon } from '@/components/Icon'
import { redoLabel, undoLabel } from '@/data/undo/describeStep'
import type { UndoRedo } from '@/components/useUndoRedo'
import { useUndoHistory } from '@/data/queries/useUndoHistory'
// The zoom controls' pill and buttons: the two stand together and look alike.
import styles from '@/canvas/ZoomControls.module.css'

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || Boolean(target.closest('input, textarea, select')))
}

interface Props {
  wallId: string
  undoRedo: UndoRedo
  className?: string
}

export function UndoControls({ wallId, undoRedo, className }: Props) {
  const { undo, redo } = undoRedo
  const history = useUndoHistory(wallId)
  const latest = useRef({ history, undo, redo })
  useEffect(() => {
    latest.current = { history, undo, redo }
  })

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTyping(event.target)) return
      if (document.querySelector('dialog[open]')) return
      const key = event.key.toLowerCase()
      const wantsRedo = (key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey && !event.shiftKey)
      const wantsUndo = key === 'z' && !event.shiftKey
      if (!wantsRedo && !wantsUndo) return
      event.preventDefault()
      const { history: now, undo: takeUndo, redo: takeRedo } = latest.current
      if (wantsUndo && now.undo) void takeUndo()
      if (wantsRedo && now.redo) void takeRedo()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div className={[styles.controls, className ?? ''].join(' ')} role="group" aria-label="History">
      <button
        type="button"
        className={styles.button}
        aria-label={undoLabel(history.undo)}
        title={undoLabel(history.undo)}
        aria-disabled={!history.undo}
        onClick={() => history.undo && void undo()}
      >
        <Icon name="undo" />
      </button>
      <button
        type="button"
        className={styles.button}
        aria-label={redoLabel(history.redo)}
        title={redoLabel(history.redo)}
        aria-disabled={!history.redo}
        onClick={() => history.redo && void redo()}
      >
        <Icon name="redo" />
      </button>
    </div>
  )
}
