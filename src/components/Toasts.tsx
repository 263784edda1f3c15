// Short messages at the bottom of the screen (the spec's confirmations and errors). Errors stay 5 s
// (spec §9), are announced assertively, and can be dismissed. While a modal dialog is open they show
// inside it: everything outside a modal dialog is inert and unseen by screen readers.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { Icon } from './Icon'
import { useTopModal } from './modalStack'
import styles from './Toasts.module.css'

type ToastKind = 'info' | 'success' | 'error'

/** A button in a toast ('Undo' after a delete); pressing it also dismisses the toast. */
interface ToastAction {
  label: string
  onSelect: () => void
}

interface Toast {
  id: number
  message: string
  kind: ToastKind
  action?: ToastAction
}

export interface ToastApi {
  show(message: string, options?: { kind?: ToastKind; durationMs?: number; action?: ToastAction }): void
  success(message: string): void
  error(message: string): void
}

const ToastContext = createContext<ToastApi | null>(null)

const ERROR_TOAST_MS = 5000

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const nextId = useRef(1)

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), [])

  const api = useMemo<ToastApi>(() => {
    const show: ToastApi['show'] = (message, options = {}) => {
      const id = nextId.current++
      const kind = options.kind ?? 'info'
      const action = options.action
      setToasts((list) => [...list.filter((t) => t.message !== message), { id, message, kind, ...(action ? { action } : {}) }].slice(-4))
      // A toast with a button stays longer: time to reach it.
      const lasts = options.durationMs ?? (kind === 'error' ? ERROR_TOAST_MS : action ? 8000 : 3500)
      window.setTimeout(() => dismiss(id), lasts)
    }
    return {
      show,
      success: (message) => show(message, { kind: 'success' }),
      error: (message) => show(message, { kind: 'error' }),
    }
  }, [dismiss])

  const topModal = useTopModal()
  const region = (
    <div className={topModal ? `${styles.region} ${styles.inModal}` : styles.region} role="region" aria-label="Notifications">
      <div aria-live="polite" className="visually-hidden">
        {toasts
          .filter((t) => t.kind !== 'error')
          .map((t) => t.message)
          .join('. ')}
      </div>
      <div aria-live="assertive" className="visually-hidden">
        {toasts
          .filter((t) => t.kind === 'error')
          .map((t) => t.message)
          .join('. ')}
      </div>
      {toasts.map((t) => (
        <div key={t.id} className={[styles.toast, styles[t.kind]].join(' ')} data-testid="toast">
          <p>{t.message}</p>
          {t.action && (
            <button
              type="button"
              className={styles.action}
              onClick={() => {
                dismiss(t.id)
                t.action?.onSelect()
              }}
            >
              {t.action.label}
            </button>
          )}
          <button className={styles.close} aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  )

  return (
    <ToastContext.Provider value={api}>
      {children}
      {topModal ? createPortal(region, topModal) : region}
    </ToastContext.Provider>
  )
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it')
  return api
}
