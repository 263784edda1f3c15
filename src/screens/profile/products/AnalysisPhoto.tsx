// The outfit photo with the detected items' boxes (spec §3: percentages of the photo). The photo is
// shown whole (contain) in a fixed frame; the box layer is placed over the picture's real content
// rectangle, worked out from its natural size, so the boxes land on the garments whatever the shape.
import { useState } from 'react'
import type { OutfitAnalysisItem } from '@/data/model/rows'
import { clampBox, containedRect, type Size } from '@/lib/containedRect'
import { StoredImage } from '@/components/StoredImage'
import { boxLabel } from './analysisText'
import styles from './OutfitAnalysisDialog.module.css'

/** The frame's proportions (width / height), fixed so the dialog never jumps while the photo loads. */
const FRAME: Size = { width: 4, height: 5 }

const percent = (n: number) => `${n}%`

export function AnalysisPhoto({
  imagePath,
  items,
  highlighted,
  pinned,
  onHighlight,
  onPin,
}: {
  imagePath: string
  items: readonly OutfitAnalysisItem[]
  highlighted: string | null
  pinned: string | null
  onHighlight: (id: string | null) => void
  onPin: (id: string) => void
}) {
  const [natural, setNatural] = useState<Size | null>(null)
  const content = natural ? containedRect(natural, FRAME) : null
  // Larger boxes first, so smaller ones inside them stay on top and reachable.
  const order = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.boundingBox.width * b.item.boundingBox.height - a.item.boundingBox.width * a.item.boundingBox.height)

  return (
    <div className={styles.frame} style={{ aspectRatio: `${FRAME.width} / ${FRAME.height}` }} data-testid="analysis-photo">
      <StoredImage imagePath={imagePath} alt="The outfit photo" fit="contain" fill eager onNaturalSize={setNatural} />
      {content && (
        <div
          className={styles.boxLayer}
          style={{ left: percent(content.left), top: percent(content.top), width: percent(content.width), height: percent(content.height) }}
          data-testid="analysis-boxes"
        >
          {order.map(({ item, index }) => {
            const box = clampBox(item.boundingBox)
            const label = boxLabel(index, item.category, item.confidence)
            return (
              <button
                key={item.id}
                type="button"
                className={styles.box}
                data-highlighted={highlighted === item.id || undefined}
                data-testid="analysis-box"
                aria-label={`Detected item ${label}`}
                aria-pressed={pinned === item.id}
                style={{ left: percent(box.left), top: percent(box.top), width: percent(box.width), height: percent(box.height) }}
                onMouseEnter={() => onHighlight(item.id)}
                onMouseLeave={() => onHighlight(null)}
                onFocus={() => onHighlight(item.id)}
                onBlur={() => onHighlight(null)}
                onClick={() => onPin(item.id)}
              >
                <span className={styles.boxLabel} aria-hidden="true">
                  {label}
                </span>
              </button>
            )
          })}
        </div>
      )}
    </div>
  )
}
