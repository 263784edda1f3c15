// The modal dialogs open now, topmost last. A modal <dialog> makes everything outside it inert and
// hidden from screen readers, so toasts raised while one is open (an import's 'Background removal
// failed…') are shown inside the topmost dialog instead of under its backdrop. While any is open the
// document element carries `data-modal-open`, so CSS can pause what moves behind it (base.css).
import { useSyncExternalStore } from 'react'

let stack: readonly HTMLDialogElement[] = []
const listeners = new Set<() => void>()

/** Says on the document element whether a modal is open. An attribute, not `:root:has(dialog:modal)`:
 * with that selector every element added anywhere made the browser restyle the whole document (500-800
 * elements, 10-15 ms a frame, while a batch of photos added its rows and cards). */
const MODAL_OPEN = 'data-modal-open'

function publish(next: readonly HTMLDialogElement[]): void {
  stack = next
  if (typeof document !== 'undefined') document.documentElement.toggleAttribute(MODAL_OPEN, next.length > 0)
  for (const listener of listeners) listener()
}

export function modalOpened(dialog: HTMLDialogElement): void {
  publish([...stack.filter((d) => d !== dialog), dialog])
}

export function modalClosed(dialog: HTMLDialogElement): void {
  if (stack.includes(dialog)) publish(stack.filter((d) => d !== dialog))
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The topmost open modal dialog, or null. */
export function useTopModal(): HTMLDialogElement | null {
  return useSyncExternalStore(
    subscribe,
    () => stack.at(-1) ?? null,
    () => null,
  )
}
