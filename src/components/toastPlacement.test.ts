import { describe, expect, it } from 'vitest'
import { toastPlacement } from './toastPlacement'

// The wall's bottom row: the undo/zoom column at the left, the actions column at the right.
const tools = (height: number) => ({ left: 16, right: 70, top: height - 290 })
const actions = (width: number, height: number, across = 175) => ({ left: width - 16 - across, right: width - 16, top: height - 280 })

describe('toastPlacement', () => {
  it('leaves toasts alone when the controls are far from the centre', () => {
    expect(toastPlacement(1280, 720, [tools(720), actions(1280, 720)])).toEqual({ maxWidth: null, lift: 0 })
  })

  it('narrows a toast to fit between the controls on a narrow window', () => {
    expect(toastPlacement(900, 640, [tools(640), actions(900, 640)])).toEqual({ maxWidth: null, lift: 0 })
    // 800 wide: the actions start at 609, so a toast centred on 400 may reach 609 - 8.
    expect(toastPlacement(800, 640, [tools(640), actions(800, 640)])).toEqual({ maxWidth: 402, lift: 0 })
  })

  it('raises toasts above the controls when narrowing would make them unreadable', () => {
    // 660 wide: the actions start at 469, leaving a toast 262 px; it keeps its width and rises above the
    // actions (the undo/zoom column is clear of it).
    expect(toastPlacement(660, 600, [tools(600), actions(660, 600)])).toEqual({ maxWidth: null, lift: 268 })
  })

  it('on a phone rises above the Upload button only when the band meets it', () => {
    const fab = { left: 390 - 8 - 200, right: 390 - 8, top: 844 - 68 }
    const column = { left: 8, right: 60, top: 844 - 280 }
    // Both columns lie under the full-width toast: it rises above the taller one.
    expect(toastPlacement(390, 844, [column, fab])).toEqual({ maxWidth: null, lift: 268 })
    // With the actions alone, it rises just above the Upload button.
    expect(toastPlacement(390, 844, [fab])).toEqual({ maxWidth: null, lift: 56 })
  })

  it('ignores a control that sits out of the toast band altogether', () => {
    expect(toastPlacement(390, 844, [{ left: 0, right: 2, top: 100 }])).toEqual({ maxWidth: null, lift: 0 })
  })
})
