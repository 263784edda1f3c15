// The modal dialogs open now, topmost last. A modal <dialog> makes everything outside it inert and
// hidden from screen readers, so toasts raised while one is open (an import's 'Background removal
// failed…') are shown inside the topmost dialog instead of under its backdrop.
import { useSyncExternalStore } from 'react'

let stack: readonly HTMLDialogElement[] = []
const listeners = new Set<() => void>()

function publish(next: readonly HTMLDialogElement[]): void {
  stack = next
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
