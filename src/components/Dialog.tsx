// Modal dialogs on the native <dialog>: the browser traps focus, makes the page behind inert, closes on
// Escape and returns focus to what opened it. Closing by any means calls onClose. On phones a dialog is
// a bottom sheet that stays above the on-screen keyboard (useKeyboardFit).
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import { Button } from './Button'
import { Icon } from './Icon'
import { modalClosed, modalOpened } from './modalStack'
import { passPressThrough } from './passPressThrough'
import { useKeyboardFit } from './useKeyboardFit'
import styles from './Dialog.module.css'

export interface DialogProps {
  open: boolean
  title: ReactNode
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  wide?: boolean
  /** Hide the visible title (it still names the dialog for screen readers). */
  hideTitle?: boolean
  /** While true, Escape and the close button do nothing (e.g. during a save). */
  busy?: boolean
  className?: string
  /** A press on the backdrop closes the dialog and goes on to what lies under it (a card to drag). */
  passThroughBackdrop?: boolean
}

export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  wide,
  hideTitle,
  busy,
  className,
  passThroughBackdrop,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const onCloseRef = useRef(onClose)
  useLayoutEffect(() => {
    onCloseRef.current = onClose
  }, [onClose])
  useKeyboardFit(ref, open)
  const pressedBackdrop = useRef(false)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
    if (!open) return
    modalOpened(dialog)
    return () => modalClosed(dialog)
  }, [open])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const onCancel = (event: Event) => {
      event.preventDefault()
      if (!busy) onCloseRef.current()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => dialog.removeEventListener('cancel', onCancel)
  }, [busy])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={[styles.dialog, wide ? styles.wide : '', className ?? ''].join(' ')}
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === ref.current
        if (pressedBackdrop.current && passThroughBackdrop && !busy && ref.current) {
          pressedBackdrop.current = false
          passPressThrough(ref.current, event.nativeEvent)
          onClose()
        }
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it, when the
        // press began there too: the click that ends the long press which opened a sheet does not.
        const onBackdrop = event.target === ref.current && pressedBackdrop.current
        pressedBackdrop.current = false
        if (onBackdrop && !busy) onClose()
      }}
    >
      {open && (
        <>
          <div className={styles.header}>
            <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
              {title}
            </h2>
            <Button variant="ghost" iconOnly aria-label="Close" onClick={onClose} disabled={busy}>
              <Icon name="close" />
            </Button>
          </div>
          <div className={styles.body}>{children}</div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </>
      )}
    </dialog>
  )
}

export interface ConfirmDialogProps {
  open: boolean
  title: string
  message: ReactNode
  confirmLabel: string
  /** The other choice's label (default 'Cancel'). */
  cancelLabel?: string
  /** The confirm button's label while the action runs, e.g. 'Deleting...'. */
  busyLabel?: string
  busy?: boolean
  danger?: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, cancelLabel, busyLabel, busy, danger, onConfirm, onCancel } = props
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      busy={busy}
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel ?? 'Cancel'}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {typeof message === 'string' ? <p>{message}</p> : message}
    </Dialog>
  )
}
