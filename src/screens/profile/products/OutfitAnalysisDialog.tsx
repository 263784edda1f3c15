// The OOTD analysis modal (spec §2, §3) for an item styled 'OOTD Complete': the photo with the detected
// items' boxes, the list of those items, and the outfit's style, season and occasion with the engine's
// confidence and processing time. Without an analysis it says plainly where the outfit's job stands.
import { useState } from 'react'
import type { OutfitAnalysis } from '@/data/model/rows'
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import { tagLabel } from '@/lib/wardrobe/tagOptions'
import { Button } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { useConnectivity } from '@/data/connectivity'
import { AnalysisPhoto } from './AnalysisPhoto'
import { durationText } from './analysisText'
import { ConfidenceBadge } from './ConfidenceBadge'
import { DetectedItems } from './DetectedItems'
import { OutfitJobStatus } from './OutfitJobStatus'
import { itemTitle, outfitJobState } from './productCardModel'
import styles from './OutfitAnalysisDialog.module.css'

const ANALYSIS_TITLE = 'Outfit analysis'

export function OutfitAnalysisDialog({ entry, isOwner, onClose }: { entry: WardrobeEntry | null; isOwner: boolean; onClose: () => void }) {
  return (
    <Dialog open={entry !== null} title={ANALYSIS_TITLE} onClose={onClose} wide>
      {entry && (
        <div className={styles.content}>
          <p className={styles.subtitle}>{itemTitle(entry.item.name)}</p>
          {entry.item.analysis ? (
            <AnalysisView key={entry.item.id} analysis={entry.item.analysis} />
          ) : (
            <NoAnalysis entry={entry} isOwner={isOwner} />
          )}
          <div className={styles.buttons}>
            <Button variant="primary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  )
}

function AnalysisView({ analysis }: { analysis: OutfitAnalysis }) {
  const [hovered, setHovered] = useState<string | null>(null)
  const [pinned, setPinned] = useState<string | null>(null)
  const highlighted = hovered ?? pinned
  const pin = (id: string) => setPinned((current) => (current === id ? null : id))
  const extra = [
    ['Location', analysis.location],
    ['Weather', analysis.weather],
    ['Mood', analysis.mood],
  ].filter((pair): pair is [string, string] => Boolean(pair[1]))

  return (
    <div className={styles.layout}>
      <AnalysisPhoto
        imagePath={analysis.imageUrl}
        items={analysis.items}
        highlighted={highlighted}
        pinned={pinned}
        onHighlight={setHovered}
        onPin={pin}
      />
      <div className={styles.side}>
        <dl className={styles.summary} data-testid="outfit-summary">
          <div>
            <dt>Style</dt>
            <dd>{analysis.outfitStyle || '—'}</dd>
          </div>
          <div>
            <dt>Season</dt>
            <dd>{analysis.season || '—'}</dd>
          </div>
          <div>
            <dt>Occasion</dt>
            <dd>{analysis.occasion || '—'}</dd>
          </div>
          <div>
            <dt>Confidence</dt>
            <dd>
              <ConfidenceBadge score={analysis.confidence} />
            </dd>
          </div>
          <div>
            <dt>Processing time</dt>
            <dd>{durationText(analysis.processingTime)}</dd>
          </div>
          {extra.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{tagLabel(value)}</dd>
            </div>
          ))}
        </dl>
        <h3 className={styles.itemsHeading}>Detected items ({analysis.items.length})</h3>
        <DetectedItems items={analysis.items} highlighted={highlighted} pinned={pinned} onHighlight={setHovered} onPin={pin} />
      </div>
    </div>
  )
}

function NoAnalysis({ entry, isOwner }: { entry: WardrobeEntry; isOwner: boolean }) {
  const { online } = useConnectivity()
  const state = outfitJobState(entry, online)
  let text = 'This outfit has no analysis.'
  if (state?.kind === 'waiting' || state?.kind === 'processing') text = 'This outfit is not analysed yet. Its analysis appears here when processing completes.'
  else if (state?.kind === 'failed') text = 'The analysis of this outfit failed, so there is nothing to show.'
  return (
    <div className={styles.none} data-testid="no-analysis">
      <p>{text}</p>
      {state && <OutfitJobStatus state={state} itemId={entry.item.id} canRetry={isOwner} />}
    </div>
  )
}
