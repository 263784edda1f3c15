import { describe, expect, it } from 'vitest'
import { boxLabel, durationText } from './analysisText'

describe('outfit analysis texts', () => {
  it('says processing times in ms or seconds', () => {
    expect(durationText(850)).toBe('850 ms')
    expect(durationText(2430)).toBe('2.4 s')
    expect(durationText(-1)).toBe('—')
  })

  it('labels boxes with their number, category and confidence', () => {
    expect(boxLabel(0, 'complete_outfit', 0.874)).toBe('1 · complete outfit 87%')
  })
})
