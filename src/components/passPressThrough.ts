// A press on a modal's backdrop that should also reach what lies under it: the popup over a wall
// (the new card's popup after an upload, or a polaroid's opened by its URL) closes, and the press goes
// on to the card or canvas under the pointer, so dragging the card you see is never swallowed by the
// popup closing (issue 24). The modal is closed first: until then the page behind it is inert and
// `elementFromPoint` finds only the backdrop.
export function passPressThrough(dialog: HTMLDialogElement, event: PointerEvent): void {
  dialog.close()
  const under = document.elementFromPoint(event.clientX, event.clientY)
  if (!under || under === dialog || dialog.contains(under)) return
  under.dispatchEvent(
    new PointerEvent('pointerdown', {
      bubbles: true,
      cancelable: true,
      composed: true,
      pointerId: event.pointerId,
      pointerType: event.pointerType,
      isPrimary: event.isPrimary,
      width: event.width,
      height: event.height,
      pressure: event.pressure,
      clientX: event.clientX,
      clientY: event.clientY,
      screenX: event.screenX,
      screenY: event.screenY,
      button: event.button,
      buttons: event.buttons,
      ctrlKey: event.ctrlKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
    }),
  )
}
